// Times FastFiz's single-shot call (Pool::TableState::executeShot) on a file of scenes
// written by benches/peers/fastfiz.py, in CPU time (clock_gettime(CLOCK_PROCESS_CPUTIME_ID),
// the clock of Python's time.process_time). FastFiz itself is not part of this repository:
// benches/peers/README.md says where to fetch it and how this file is built against it.
//
//     fastfiz_bench SCENES REPEATS
//
// SCENES (text, FastFiz's frame and units: x across the table, y along it, metres; the cue
// offsets a, b in mm, the elevation theta and the azimuth phi in degrees, the cue speed v in
// m/s):
//     table LENGTH WIDTH CORNER_MOUTH SIDE_MOUTH CUE_LENGTH
//     set NAME COUNT              then COUNT lines:
//     N x0 y0 ... x(N-1) y(N-1) a b theta phi v     (ball 0 is the cue ball, all at rest)
//
// Prints one JSON line per set and repeat: {"set", "repeat", "shots", "cpu_us_per_shot",
// "events_per_shot", "bad_shots"}. A timed call is what a caller of FastFiz pays for one
// shot: the copy of the starting TableState (executeShot changes it in place), the
// simulation with its event list, and freeing the Shot.
#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "FastFiz.h"

namespace {

struct Scene {
  Pool::TableState state;
  Pool::ShotParams params;
};

struct SceneSet {
  std::string name;
  std::vector<Scene> scenes;
};

double cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

void fail(const std::string &why) {
  std::cerr << "fastfiz_bench: " << why << std::endl;
  std::exit(2);
}

}  // namespace

int main(int argc, char **argv) {
  if (argc != 3)
    fail("usage: fastfiz_bench SCENES REPEATS");
  std::ifstream in(argv[1]);
  if (!in)
    fail(std::string("cannot read ") + argv[1]);
  const int repeats = std::atoi(argv[2]);
  if (repeats < 1)
    fail("REPEATS must be a positive integer");

  std::string word;
  double length, width, corner, side, cue_length;
  if (!(in >> word >> length >> width >> corner >> side >> cue_length) || word != "table")
    fail("the scenes must start with: table LENGTH WIDTH CORNER SIDE CUE_LENGTH");
  // Defaults for the friction, cushion and cue coefficients: FastFiz's own physics.
  const Pool::Table table(length, width, corner, side, Pool::Table::MU_SLIDING,
                          Pool::Table::MU_ROLLING, Pool::Table::MU_SPINNING,
                          Pool::Table::RAIL_HEIGHT, cue_length);

  std::vector<SceneSet> sets;
  int count;
  while (in >> word >> std::ws) {
    SceneSet set;
    if (word != "set" || !(in >> set.name >> count) || count < 1)
      fail("expected: set NAME COUNT");
    for (int k = 0; k < count; ++k) {
      int n;
      if (!(in >> n) || n < 1 || n > Pool::Ball::FIFTEEN + 1)
        fail("a scene has 1 to 16 balls");
      Scene scene{Pool::TableState(table), Pool::ShotParams()};
      for (int i = 0; i < n; ++i) {
        double x, y;
        if (!(in >> x >> y))
          fail("a ball needs x y");
        scene.state.setBall(static_cast<Pool::Ball::Type>(i), Pool::Ball::STATIONARY, x, y);
      }
      Pool::ShotParams &p = scene.params;
      if (!(in >> p.a >> p.b >> p.theta >> p.phi >> p.v))
        fail("a scene ends with a b theta phi v");
      set.scenes.push_back(scene);
    }
    sets.push_back(set);
  }

  for (int r = 0; r < repeats; ++r) {
    for (const SceneSet &set : sets) {
      long events = 0;
      int bad = 0;
      const double start = cpu_seconds();
      for (const Scene &scene : set.scenes) {
        Pool::TableState state(scene.state);
        try {
          Pool::Shot *shot = state.executeShot(scene.params);
          events += shot->getEventList().size();
          delete shot;
        } catch (const Pool::BadShotException &) {
          ++bad;
        }
      }
      const double spent = cpu_seconds() - start;
      const double shots = static_cast<double>(set.scenes.size());
      std::printf("{\"set\": \"%s\", \"repeat\": %d, \"shots\": %zu, \"cpu_us_per_shot\": "
                  "%.3f, \"events_per_shot\": %.2f, \"bad_shots\": %d}\n",
                  set.name.c_str(), r, set.scenes.size(), 1e6 * spent / shots,
                  events / shots, bad);
    }
  }
  return 0;
}
