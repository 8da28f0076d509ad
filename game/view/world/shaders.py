"""GLSL sources: metallic-roughness shading (glTF's model) with a soft shadow map, and the
depth-only pass.

GLSL 1.20 so that it also compiles on the legacy OpenGL 2.1 contexts Panda3D opens by
default on macOS. Written by hand because Panda3D's automatic shaders are Cg, and Cg
does not run under EGL (see ../shared/panda3d_headless.md); panda3d-simplepbr's shadows
crash under EGL here (docs/models.md).

Inputs are Panda3D's: the p3d_ matrices, the vertex colour or flat colour (p3d_Color),
texture stage 0 (the glTF base colour, sRGB, decoded to linear by the GPU), the glTF
material (p3d_Material: linear base colour, emission, roughness, metallic), the summed
ambient light (p3d_LightModel) and the lights p3d_LightSource[0..LIGHTS-1] sorted by
priority: 0 the key lamp, a directional light that casts the shadows; 1 a fill
(directional); the rest point lights at the lamp's bulbs (positions in view space, w = 1).
Unused slots have zero colour. Inputs of our own: u_shadow_texel (1 / shadow-map size),
u_shadow_bias (depth units), u_lamp_centre and u_lamp_half (m, table frame: the centre
and half-size of the area the key lamp lights fully), u_exposure (a factor on the light
before tone mapping), u_normal_map (1: texture stage 1 is a tangent-space normal map,
read with the vertices' p3d_Tangent; 0: none). The output is tone mapped and encoded to sRGB for the framebuffer.
"""

LIGHTS = 5          # key, fill and up to three bulbs

# Both stages declare the lights and the interpolated values, identically, as GLSL
# requires of what they share.
_VARYINGS = """varying vec3 v_pos;        // view space (m)
varying vec3 v_normal;     // view space
varying vec4 v_color;
varying vec2 v_uv;
varying vec4 v_tangent;    // view space, w: the bitangent's handedness
varying vec4 v_shadow;     // light 0's shadow-map coordinates
varying vec2 v_world_xy;   // table frame (m)"""
_LIGHTS = """uniform struct p3d_LightSourceParameters {
    vec4 color;
    vec4 position;
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;
} p3d_LightSource[%d];""" % LIGHTS

LIT_VERTEX = """
#version 120
uniform mat4 p3d_ModelViewProjectionMatrix;
uniform mat4 p3d_ModelViewMatrix;
uniform mat4 p3d_ModelMatrix;
uniform mat3 p3d_NormalMatrix;
%(lights)s
attribute vec4 p3d_Vertex;
attribute vec3 p3d_Normal;
attribute vec4 p3d_Color;
attribute vec2 p3d_MultiTexCoord0;
attribute vec4 p3d_Tangent;
%(varyings)s

void main() {
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    vec4 view_pos = p3d_ModelViewMatrix * p3d_Vertex;
    v_pos = view_pos.xyz;
    v_normal = p3d_NormalMatrix * p3d_Normal;
    v_tangent = vec4(p3d_NormalMatrix * p3d_Tangent.xyz, p3d_Tangent.w);
    v_color = p3d_Color;
    v_uv = p3d_MultiTexCoord0;
    v_shadow = p3d_LightSource[0].shadowViewMatrix * view_pos;
    v_world_xy = (p3d_ModelMatrix * p3d_Vertex).xy;
}
""" % {"lights": _LIGHTS, "varyings": _VARYINGS}

_LIT_FRAGMENT = """
#version 120
uniform sampler2D p3d_Texture0;
uniform sampler2D p3d_Texture1;
uniform vec4 p3d_ColorScale;
%(lights)s
uniform struct p3d_LightModelParameters {
    vec4 ambient;
} p3d_LightModel;
uniform struct p3d_MaterialParameters {
    vec4 baseColor;
    vec4 emission;
    float roughness;
    float metallic;
} p3d_Material;
uniform float u_shadow_texel;
uniform float u_shadow_bias;
uniform vec2 u_lamp_centre;
uniform vec2 u_lamp_half;
uniform float u_exposure;
uniform float u_normal_map;
%(varyings)s

const float PI = 3.14159265;
const int PCF_RADIUS = %(pcf_radius)d;     // (2 r + 1)^2 shadow-map taps
const int LIGHTS_USED = %(lights_used)d;   // the key, the fill, then the bulbs

// The key lamp hangs over the table: full strength over the playing area, fading towards
// the rails and the room beyond.
float lamp_falloff() {
    float d = length((v_world_xy - u_lamp_centre) / u_lamp_half);
    return 1.0 - 0.55 * smoothstep(0.6, 1.6, d);
}

// Fraction of light 0 reaching this fragment: percentage-closer filtering over a square
// of taps softens the shadow edge the way the lamp's finite size does.
float lit_fraction() {
    if (PCF_RADIUS < 0) return 1.0;
    vec4 c = v_shadow;
    c.z -= u_shadow_bias * c.w;
    float sum = 0.0;
    for (int dx = -PCF_RADIUS; dx <= PCF_RADIUS; ++dx) {
        for (int dy = -PCF_RADIUS; dy <= PCF_RADIUS; ++dy) {
            vec4 o = vec4(float(dx), float(dy), 0.0, 0.0) * u_shadow_texel * c.w;
            sum += shadow2DProj(p3d_LightSource[0].shadowMap, c + o).r;
        }
    }
    float n = float(2 * PCF_RADIUS + 1);
    return sum / (n * n);
}

// Cook-Torrance with the GGX distribution, Smith-Schlick visibility and Schlick's
// Fresnel: the radiance one light of colour `rgb` from direction `l` sends to the eye.
// The lamp's bulbs are not points: LAMP_SPREAD widens the distribution (the "sphere
// light" roughness of Karis 2013), so a glossy ball shows each bulb as a spot, not a
// sub-pixel glint.
const float LAMP_SPREAD = 0.035;
vec3 brdf(vec3 n, vec3 v, vec3 l, vec3 rgb, vec3 diffuse_colour, vec3 f0, float alpha) {
    alpha = min(alpha + LAMP_SPREAD, 1.0);
    float nl = max(dot(n, l), 0.0);
    if (nl <= 0.0) return vec3(0.0);
    vec3 h = normalize(l + v);
    float nv = max(dot(n, v), 1e-3);
    float nh = max(dot(n, h), 0.0);
    float vh = max(dot(v, h), 0.0);
    float a2 = alpha * alpha;
    float d = a2 / (PI * pow(nh * nh * (a2 - 1.0) + 1.0, 2.0));
    float k = alpha / 2.0;
    float vis = 1.0 / ((nl * (1.0 - k) + k) * (nv * (1.0 - k) + k) * 4.0);
    vec3 f = f0 + (1.0 - f0) * pow(1.0 - vh, 5.0);
    vec3 spec = f * d * vis;
    vec3 diffuse = (1.0 - f) * diffuse_colour / PI;
    return (diffuse + spec) * rgb * nl;
}

void main() {
    vec4 tex = texture2D(p3d_Texture0, v_uv);
    vec4 base = p3d_Material.baseColor * v_color * tex * p3d_ColorScale;
    float roughness = clamp(p3d_Material.roughness, 0.04, 1.0);
    float metallic = clamp(p3d_Material.metallic, 0.0, 1.0);
    vec3 diffuse_colour = base.rgb * (1.0 - metallic);
    vec3 f0 = mix(vec3(0.04), base.rgb, metallic);
    float alpha = roughness * roughness;
    vec3 n = normalize(v_normal);
    if (!gl_FrontFacing) n = -n;
    if (u_normal_map > 0.5) {
        // Texture stage 1 is a tangent-space normal map (the cloth's fibres).
        vec3 t = normalize(v_tangent.xyz - n * dot(n, v_tangent.xyz));
        vec3 b = cross(n, t) * v_tangent.w;
        vec3 m = texture2D(p3d_Texture1, v_uv).xyz * 2.0 - 1.0;
        n = normalize(m.x * t + m.y * b + m.z * n);
    }
    vec3 v = normalize(-v_pos);

    vec3 colour = vec3(0.0);
    for (int i = 0; i < LIGHTS_USED; ++i) {
        vec4 p = p3d_LightSource[i].position;
        vec3 to_light = p.xyz - v_pos * p.w;
        float dist2 = max(dot(to_light, to_light), 1e-4);
        // Directional lights keep their colour; point lights fall off as 1 / d^2.
        float strength = p.w == 0.0 ? 1.0 : 1.0 / dist2;
        if (i == 0) strength *= lit_fraction() * lamp_falloff();
        colour += strength * brdf(n, v, normalize(to_light), p3d_LightSource[i].color.rgb,
                                  diffuse_colour, f0, alpha);
    }
    // Ambient light: diffuse, plus a dim reflection of the room for metals and glossy
    // balls (Schlick's Fresnel at the view angle, less for rough surfaces).
    float nv = max(dot(n, v), 0.0);
    vec3 f_env = f0 + (max(vec3(1.0 - roughness), f0) - f0) * pow(1.0 - nv, 5.0);
    float gloss = (1.0 - roughness) * (1.0 - roughness);
    colour += p3d_LightModel.ambient.rgb * (diffuse_colour + f_env * gloss);
    colour += p3d_Material.emission.rgb;
    // Tone mapping (exponential: highlights saturate smoothly) and sRGB encoding.
    colour = vec3(1.0) - exp(-colour * u_exposure);
    gl_FragColor = vec4(pow(colour, vec3(1.0 / 2.2)), base.a);
}
"""


def lit_fragment(pcf_radius: int, lights_used: int = LIGHTS) -> str:
    """The lit fragment shader with (2 pcf_radius + 1)^2 shadow taps per fragment
    (pcf_radius -1: no shadow lookups, the key light unshadowed), shading with the first
    `lights_used` lights (2 to LIGHTS)."""
    return _LIT_FRAGMENT % {"lights": _LIGHTS, "varyings": _VARYINGS,
                            "lights_used": lights_used, "pcf_radius": pcf_radius}


DEPTH_VERTEX = """
#version 120
uniform mat4 p3d_ModelViewProjectionMatrix;
attribute vec4 p3d_Vertex;
void main() {
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
}
"""

DEPTH_FRAGMENT = """
#version 120
void main() {
    gl_FragColor = vec4(1.0);
}
"""
