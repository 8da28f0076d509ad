"""GLSL sources for per-pixel lighting with a shadow map, and the depth-only pass.

GLSL 1.20 so that it also compiles on the legacy OpenGL 2.1 contexts Panda3D opens by
default on macOS. Written by hand because Panda3D's automatic shaders are Cg, and Cg
does not run under EGL (see ../shared/panda3d_headless.md).

Inputs are Panda3D's: the p3d_ matrices, the vertex colour or flat colour (p3d_Color),
texture stage 0, the Material's specular and shininess, the summed ambient light
(p3d_LightModel) and two directional lights (p3d_LightSource[0..1], directions in view
space); light 0 casts the shadows. Inputs of our own: u_shadow_texel (1 / shadow-map
size), u_shadow_bias (depth units), u_lamp_centre and u_lamp_half (m, table frame: the
centre and half-size of the area the key lamp lights fully).
"""

# Both stages declare the lights and the interpolated values, identically, as GLSL
# requires of what they share.
_VARYINGS = """varying vec3 v_pos;        // view space (m)
varying vec3 v_normal;     // view space
varying vec4 v_color;
varying vec2 v_uv;
varying vec4 v_shadow;     // light 0's shadow-map coordinates
varying vec2 v_world_xy;   // table frame (m)"""
_LIGHTS = """uniform struct p3d_LightSourceParameters {
    vec4 color;
    vec4 position;
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;
} p3d_LightSource[2];"""

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
%(varyings)s

void main() {
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    vec4 view_pos = p3d_ModelViewMatrix * p3d_Vertex;
    v_pos = view_pos.xyz;
    v_normal = p3d_NormalMatrix * p3d_Normal;
    v_color = p3d_Color;
    v_uv = p3d_MultiTexCoord0;
    v_shadow = p3d_LightSource[0].shadowViewMatrix * view_pos;
    v_world_xy = (p3d_ModelMatrix * p3d_Vertex).xy;
}
""" % {"lights": _LIGHTS, "varyings": _VARYINGS}

LIT_FRAGMENT = """
#version 120
uniform sampler2D p3d_Texture0;
uniform vec4 p3d_ColorScale;
%(lights)s
uniform struct p3d_LightModelParameters {
    vec4 ambient;
} p3d_LightModel;
uniform struct p3d_MaterialParameters {
    vec3 specular;
    float shininess;
} p3d_Material;
uniform float u_shadow_texel;
uniform float u_shadow_bias;
uniform vec2 u_lamp_centre;
uniform vec2 u_lamp_half;
%(varyings)s

// The key light is a lamp canopy hung over the table: full strength over the playing
// area, fading towards the rails and the room beyond.
float lamp_falloff() {
    float d = length((v_world_xy - u_lamp_centre) / u_lamp_half);
    return 1.0 - 0.45 * smoothstep(0.55, 1.35, d);
}

// Fraction of light 0 reaching this fragment: 3x3 percentage-closer filtering softens
// the shadow edge the way a lamp's finite size does.
float lit_fraction() {
    vec4 c = v_shadow;
    c.z -= u_shadow_bias * c.w;
    float sum = 0.0;
    for (int dx = -1; dx <= 1; ++dx) {
        for (int dy = -1; dy <= 1; ++dy) {
            vec4 o = vec4(float(dx), float(dy), 0.0, 0.0) * u_shadow_texel * c.w;
            sum += shadow2DProj(p3d_LightSource[0].shadowMap, c + o).r;
        }
    }
    return sum / 9.0;
}

// Diffuse light (returned) and highlight (added to spec) of one directional light whose
// view-space direction towards the light is position.xyz.
vec3 light(vec4 position, vec3 rgb, vec3 n, vec3 view_dir, float visible, vec3 base,
           inout vec3 spec) {
    vec3 to_light = normalize(position.xyz);
    float diffuse = max(dot(n, to_light), 0.0);
    vec3 half_vec = normalize(to_light + view_dir);
    float highlight = diffuse > 0.0 ? pow(max(dot(n, half_vec), 0.0), p3d_Material.shininess) : 0.0;
    spec += visible * highlight * p3d_Material.specular * rgb;
    return visible * diffuse * base * rgb;
}

void main() {
    vec4 tex = texture2D(p3d_Texture0, v_uv);
    vec4 base = v_color * tex * p3d_ColorScale;
    vec3 n = normalize(v_normal);
    if (!gl_FrontFacing) n = -n;
    vec3 view_dir = normalize(-v_pos);
    vec3 spec = vec3(0.0);
    vec3 colour = base.rgb * p3d_LightModel.ambient.rgb;
    colour += light(p3d_LightSource[0].position, p3d_LightSource[0].color.rgb, n, view_dir,
                    lit_fraction() * lamp_falloff(), base.rgb, spec);
    colour += light(p3d_LightSource[1].position, p3d_LightSource[1].color.rgb, n, view_dir,
                    1.0, base.rgb, spec);
    gl_FragColor = vec4(colour + spec, base.a);
}
""" % {"lights": _LIGHTS, "varyings": _VARYINGS}

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
