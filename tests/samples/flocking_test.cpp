// The flocking sample as a user runs it: a state file in, steps of either search, a state
// file out, checked against a double-precision CPU step of the same rules (README.md, "The
// rules"), the two searches against each other, the speed limit as an invariant over many
// steps, and every kind of bad input it must refuse cleanly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <glm/glm.hpp>
#include <random>

#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"

namespace fs = std::filesystem;

namespace {

const std::string kFlocking = cs::test::SampleTest::samplePath("flocking");
const double kU = std::ldexp(1.0, -24);  // float's unit roundoff

struct Boid {
    glm::dvec3 position, velocity;
};

// The documented state file: px py pz 0 vx vy vz 0, float32 little-endian (as this machine).
std::string encode(const std::vector<Boid>& boids, float pad = 0.0f) {
    std::string bytes;
    for (const Boid& b : boids) {
        const float values[8] = {
            float(b.position.x), float(b.position.y), float(b.position.z), pad,
            float(b.velocity.x), float(b.velocity.y), float(b.velocity.z), pad};
        bytes.append(reinterpret_cast<const char*>(values), sizeof values);
    }
    return bytes;
}

std::vector<Boid> decode(const std::string& bytes) {
    EXPECT_EQ(bytes.size() % 32, 0u);
    std::vector<Boid> boids(bytes.size() / 32);
    for (size_t i = 0; i < boids.size(); ++i) {
        float v[8];
        std::memcpy(v, bytes.data() + 32 * i, sizeof v);
        boids[i] = {{v[0], v[1], v[2]}, {v[4], v[5], v[6]}};
    }
    return boids;
}

// The rules' parameters as the sample holds them (floats), in double.
struct Rules {
    double radius = 0.0;  // 0: rule 2 reaches every member
    double separationDistance = std::sqrt(50.0f);
    double separationWeight = 0.18f, alignmentWeight = 0.05f, goalWeight = 0.17f,
           cohesionWeight = 0.02f, dt = 0.5f, maxSpeed = 10.0f, smoothing = 0.4f;
    glm::dvec3 goal{0.0, 15.0, 0.0};  // the goal's path at t = 0: (sin 0, cos 0, 0) * 15
    // The grid's cells: the reach of both rules, and 1/256 more (README.md, "The grid").
    double cellEdge() const {
        return double(float(std::max(radius, separationDistance)) * (1.0f + 1.0f / 256.0f));
    }
};

// Members closer than `reach` to each other: the pairs each rule visits.
bool within(double distanceSq, double reach) {
    return distanceSq < reach * reach;
}

// direction.glsl's directionOf: the unit vector, or zero where there is no direction.
glm::dvec3 directionOf(glm::dvec3 v) {
    const double largest = std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)});
    return largest < 1e-30 ? glm::dvec3(0.0) : v / glm::length(v);
}

// One step in double, and per member a bound on how far a float step may lie from it.
struct Reference {
    std::vector<Boid> next;
    std::vector<double> positionTolerance, velocityTolerance;
    // The bound for two float steps that differ only in the order of their sums (rules 1, 2
    // and rule 4's centre).
    std::vector<double> orderTolerance;
};

// The tolerance, derived (u = 2^-24, the unit roundoff of float; Higham, "Accuracy and
// Stability of Numerical Algorithms", 2nd ed., ch. 2-4):
// - A float sum of n terms, in any order, is within (n - 1) u * (sum of |term|) of the
//   exact sum of those terms; each of rule 2's terms carries some 16 u of its own (the
//   differences, the dot product, and a division GLSL allows 2.5 ulp). So each rule's sum
//   is within (N + 16) u * S of exact, S the sum of its terms' magnitudes.
// - Rule 4's centre comes from a float sum of N positions (all_pairs: its own loop, member
//   by member; grid: the reduction's tree), then a division: within N u * mean|p| + u |c|;
//   a direction of x = target - p is off by at most 2 |error of x| / |x| + 16 u (and never
//   by more than 2).
// - The step then scales the acceleration error by dt, the speed limit adds at most 16 u of
//   max_speed (a projection onto a ball moves no two points apart), and the blend scales it
//   by smoothing; each operation adds its own rounding of a few u of what it adds.
// The bound is doubled against rounding this does not model (how a driver computes length
// or inversesqrt within the ulps GLSL allows). A member more or less in a rule, or a wrong
// weight, costs orders of magnitude more than the bound.
Reference cpuStep(const std::vector<Boid>& flock, const Rules& r) {
    const size_t n = flock.size();
    glm::dvec3 centre(0.0);
    double meanDistance = 0.0;
    for (const Boid& b : flock) centre += b.position, meanDistance += glm::length(b.position);
    centre /= double(n);
    meanDistance /= double(n);
    const double centreError = double(n) * kU * meanDistance + kU * glm::length(centre);
    auto directionError = [&](glm::dvec3 target, glm::dvec3 p, double targetError) {
        const double x = glm::length(target - p);
        const double error = targetError + 2.0 * kU * (glm::length(target) + glm::length(p));
        return x == 0.0 ? 0.0 : std::min(2.0, 2.0 * error / x + 16.0 * kU);
    };

    Reference ref;
    for (size_t i = 0; i < n; ++i) {
        const Boid& me = flock[i];
        glm::dvec3 separation(0.0), alignment(0.0);
        double separationSize = 0.0, alignmentSize = 0.0;
        for (size_t j = 0; j < n; ++j) {
            if (j == i) continue;
            const glm::dvec3 d = me.position - flock[j].position;
            const double distanceSq = glm::dot(d, d);
            if (within(distanceSq, r.separationDistance)) {
                separation += d;
                separationSize += glm::length(d);
            }
            if (r.radius == 0.0 || within(distanceSq, r.radius)) {
                const glm::dvec3 term = (flock[j].velocity - me.velocity) / (distanceSq + 10.0);
                alignment += term;
                alignmentSize += glm::length(term);
            }
        }
        const glm::dvec3 acceleration = separation * r.separationWeight +
                                        alignment * r.alignmentWeight +
                                        directionOf(r.goal - me.position) * r.goalWeight +
                                        directionOf(centre - me.position) * r.cohesionWeight;
        Boid next;
        next.position = me.position + me.velocity * r.dt;
        glm::dvec3 velocity = me.velocity + acceleration * r.dt;
        if (glm::length(velocity) > r.maxSpeed) velocity = directionOf(velocity) * r.maxSpeed;
        next.velocity = me.velocity * (1.0 - r.smoothing) + velocity * r.smoothing;
        ref.next.push_back(next);

        const double sums = separationSize * r.separationWeight + alignmentSize * r.alignmentWeight;
        const double ruleRounding =
            4.0 * kU *
            (glm::length(separation) * r.separationWeight +
             glm::length(alignment) * r.alignmentWeight + r.goalWeight + r.cohesionWeight);
        const double accelerationError =
            (double(n) + 16.0) * kU * sums + ruleRounding +
            r.goalWeight * directionError(r.goal, me.position, kU * glm::length(r.goal)) +
            r.cohesionWeight * directionError(centre, me.position, centreError);
        const double afterSums = 2.0 * kU * r.dt * glm::length(acceleration) +
                                 2.0 * kU * glm::length(me.velocity) + 16.0 * kU * r.maxSpeed;
        const double blend = 4.0 * kU * (glm::length(me.velocity) + glm::length(velocity));
        ref.velocityTolerance.push_back(
            2.0 * (r.smoothing * (r.dt * accelerationError + afterSums) + blend));
        ref.positionTolerance.push_back(
            2.0 * 2.0 * kU * (glm::length(me.position) + 2.0 * glm::length(me.velocity) * r.dt));
        // Both searches share everything but the order of their sums: rules 1 and 2 (twice a
        // sum's bound), rule 4's centre (all_pairs sums it in its loop, the grid by a
        // reduction: each side's direction within its bound), and each side's own rounding
        // after them.
        const double orderOfSums =
            2.0 * (double(n) + 16.0) * kU * sums +
            2.0 * r.cohesionWeight * directionError(centre, me.position, centreError);
        ref.orderTolerance.push_back(
            2.0 * (r.smoothing * r.dt * orderOfSums +
                   2.0 * (r.smoothing * (r.dt * ruleRounding + afterSums) + blend)));
    }
    return ref;
}

// Random members in a cube of edge `edge`, velocities up to `speed` per axis (some above
// max_speed, so that the limit acts). No pair's squared distance lies within 1e-4 of a
// rule's reach squared: the GPU decides `d.d < reach^2` in float, the reference in double,
// and a member taken into a rule on one side and not the other would be a real difference.
std::vector<Boid> randomFlock(int count, double edge, double speed, const Rules& rules,
                              unsigned seed, const std::vector<Boid>& fixed = {}) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> unit(-0.5, 0.5);
    std::vector<Boid> flock = fixed;
    auto clearOfReaches = [&](const Boid& candidate) {
        for (const Boid& other : flock) {
            const glm::dvec3 d = candidate.position - other.position;
            for (double reach : {rules.separationDistance, rules.radius}) {
                const double reachSq = reach * reach;
                if (reach > 0 && std::abs(glm::dot(d, d) - reachSq) < 1e-4 * reachSq) return false;
            }
        }
        return true;
    };
    while (int(flock.size()) < count) {
        Boid b{edge * glm::dvec3(unit(random), unit(random), unit(random)),
               2.0 * speed * glm::dvec3(unit(random), unit(random), unit(random))};
        b = decode(encode({b}))[0];  // exactly what the file holds
        if (clearOfReaches(b)) flock.push_back(b);
    }
    return flock;
}

class FlockingTest : public cs::test::SampleTest {
protected:
    static cs::ProcessResult flocking(std::vector<std::string> args) {
        args.insert(args.begin(), {kFlocking, "--headless", "--frames", "1", "--no-ui"});
        return cs::runProcess(args);
    }

    static std::vector<std::string> searchArgs(const std::string& search, double radius) {
        return {"--set", "search=" + search, "--set", "radius=" + std::to_string(radius)};
    }

    // Runs K steps from `input` and returns the state written.
    std::vector<Boid> run(const std::vector<Boid>& input, int steps,
                          std::vector<std::string> extra = {}) {
        const std::string in = (dir / "in.bin").generic_string(),
                          out = (dir / "out.bin").generic_string();
        cs::writeFileAtomic(in, encode(input));
        std::vector<std::string> args = {"--input", in,        "--output",
                                         out,       "--steps", std::to_string(steps)};
        args.insert(args.end(), extra.begin(), extra.end());
        const cs::ProcessResult result = flocking(args);
        EXPECT_EQ(result.exitCode, 0) << result.err;
        return decode(cs::readFile(out));
    }

    // One step of `search` against the double-precision reference, within its bound.
    void expectOneStepMatchesCpu(const std::vector<Boid>& start, const std::string& search,
                                 const Rules& rules, const std::string& what) {
        const std::vector<Boid> end = run(start, 1, searchArgs(search, rules.radius));
        ASSERT_EQ(end.size(), start.size()) << what;
        const Reference ref = cpuStep(start, rules);
        int bad = 0;
        for (size_t i = 0; i < end.size() && bad < 5; ++i)
            for (int k = 0; k < 3; ++k) {
                const double dx = std::abs(end[i].position[k] - ref.next[i].position[k]);
                const double dv = std::abs(end[i].velocity[k] - ref.next[i].velocity[k]);
                const bool ok = dx <= ref.positionTolerance[i] && dv <= ref.velocityTolerance[i];
                EXPECT_TRUE(ok) << what << " " << search << ": member " << i << " axis " << k
                                << ": position off by " << dx << " (bound "
                                << ref.positionTolerance[i] << "), velocity off by " << dv
                                << " (bound " << ref.velocityTolerance[i] << ")";
                bad += !ok;
            }
    }
};

// One step of each search, at counts below, at and around the work-group size (256), against
// the reference: the book's rules (rule 2 reaching every member), and rule 2 within a radius
// over all pairs and over the grid.
TEST_F(FlockingTest, OneStepOfEachSearchMatchesDoubleCpu) {
    for (int count : {1, 2, 255, 257, 1000}) {
        Rules book, near;
        near.radius = 9.0;
        // About 4 members within the separation distance of each, some 10 within radius.
        const std::vector<Boid> start =
            randomFlock(count, 7.0 * std::cbrt(double(count)), 8.0, near, unsigned(count));
        const std::string what = "N=" + std::to_string(count);
        expectOneStepMatchesCpu(start, "all_pairs", book, what + " radius 0");
        expectOneStepMatchesCpu(start, "all_pairs", near, what + " radius 9");
        expectOneStepMatchesCpu(start, "grid", near, what + " radius 9");
    }
}

// Members exactly on the grid's cell borders (multiples of the cell edge, negative ones
// too, where int() and floor() differ), others a little to either side of them, and a small
// cluster a million units out, beyond the 8192 cells the grid tells apart (clamped into the
// outermost cells). Every neighbour within reach must still be found.
TEST_F(FlockingTest, MembersOnCellBordersMatchDoubleCpu) {
    for (double radius : {8.0, 11.3}) {
        Rules rules;
        rules.radius = radius;
        const double e = rules.cellEdge();
        std::vector<Boid> fixed;
        std::mt19937 random{unsigned(radius)};
        std::uniform_int_distribution<int> cell(-3, 3);
        for (int k = 0; k < 150; ++k) {
            const double nudge = k % 3 == 0 ? 0.0 : (k % 3 == 1 ? 0.3 : -0.3);
            fixed.push_back({{cell(random) * e + nudge, cell(random) * e, cell(random) * e},
                             {double(cell(random)), 1.0, -2.0}});
        }
        for (int k = 0; k < 6; ++k)
            fixed.push_back({{1e6 + 2.0 * k, -1e6, 1e6 - 1.5 * k}, {1.0, 0.0, double(k)}});
        // The exactly placed members keep their places; the random rest stays clear of the
        // reaches (two exact members at a reach's distance would be a tie, not a bug).
        const std::vector<Boid> start =
            randomFlock(400, 8.0 * e, 8.0, rules, 7, decode(encode(fixed)));
        const std::string what = "cell edge " + std::to_string(e);
        expectOneStepMatchesCpu(start, "grid", rules, what);
        expectOneStepMatchesCpu(start, "all_pairs", rules, what);
    }
}

// With the same reach, the searches differ only in the order of their sums: the grid adds
// rules 1 and 2 cell by cell, all_pairs member by member, and rule 4's centre comes from the
// grid's reduction or from all_pairs' own loop. Compared with each other, not with the
// reference, the bound is that of the summation order alone.
TEST_F(FlockingTest, GridEqualsAllPairsUpToSummationOrder) {
    Rules rules;
    rules.radius = 12.0;
    const std::vector<Boid> start = randomFlock(3000, 120.0, 8.0, rules, 5);
    const std::vector<Boid> allPairs = run(start, 1, searchArgs("all_pairs", rules.radius));
    const std::vector<Boid> grid = run(start, 1, searchArgs("grid", rules.radius));
    ASSERT_EQ(allPairs.size(), start.size());
    ASSERT_EQ(grid.size(), start.size());
    const Reference ref = cpuStep(start, rules);
    int bad = 0, differ = 0;
    for (size_t i = 0; i < start.size() && bad < 5; ++i) {
        EXPECT_EQ(grid[i].position, allPairs[i].position) << "member " << i;
        const double dv = glm::length(grid[i].velocity - allPairs[i].velocity);
        differ += dv > 0;
        EXPECT_LE(dv, ref.orderTolerance[i]) << "member " << i;
        bad += dv > ref.orderTolerance[i];
    }
    // Different orders, so some sums round differently; the same bits everywhere would mean
    // the test compared a search with itself.
    EXPECT_GT(differ, 0);
}

// The speed limit as an invariant: members that start below max_speed never exceed it,
// since each step blends the old velocity with one clamped to the limit. 300 steps of 2000
// members, grid, radius 10: a flock that gathers, turns and spreads.
TEST_F(FlockingTest, NoMemberEverExceedsTheSpeedLimit) {
    Rules rules;
    rules.radius = 10.0;
    const std::vector<Boid> start = randomFlock(2000, 100.0, 5.0, rules, 3);
    const std::vector<Boid> end = run(start, 300, searchArgs("grid", rules.radius));
    ASSERT_EQ(end.size(), start.size());
    double fastest = 0, moved = 0;
    for (size_t i = 0; i < end.size(); ++i) {
        fastest = std::max(fastest, glm::length(end[i].velocity));
        moved += glm::length(end[i].position - start[i].position);
    }
    EXPECT_LE(fastest, rules.maxSpeed * (1.0 + 1e-6));
    EXPECT_GT(moved / double(end.size()), 50.0) << "the flock should have flown";
}

// The wall clock is never used, and the grid's sort is stable: a batch run repeats bit for
// bit, and --steps K is K steps however the frames split them (3 frames of one step each,
// then 2 more after the last, against all 5 after one frame), and differs from K - 1.
TEST_F(FlockingTest, BatchRunsRepeatExactly) {
    Rules rules;
    rules.radius = 10.0;
    const std::vector<Boid> start = randomFlock(1500, 80.0, 5.0, rules, 4);
    const auto grid = searchArgs("grid", rules.radius);
    auto withFrames = grid;
    withFrames.insert(withFrames.end(), {"--frames", "3"});
    const std::string five = encode(run(start, 5, grid));
    EXPECT_EQ(encode(run(start, 5, grid)), five);
    EXPECT_EQ(encode(run(start, 5, withFrames)), five);
    EXPECT_NE(encode(run(start, 4, grid)), five);
}

// --steps 0 writes the input back; the unused slots are ignored on the way in, and written
// as zero.
TEST_F(FlockingTest, ZeroStepsWritesTheInputBack) {
    const std::vector<Boid> start = randomFlock(33, 50.0, 5.0, Rules(), 9);
    const std::string in = (dir / "in.bin").generic_string(),
                      out = (dir / "out.bin").generic_string();
    cs::writeFileAtomic(in, encode(start, 7.5f));
    const cs::ProcessResult result = flocking({"--input", in, "--output", out, "--steps", "0"});
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(cs::readFile(out), encode(start));
}

TEST_F(FlockingTest, StateFileOfTheWrongSize) {
    const std::string input = (dir / "odd.bin").generic_string();
    cs::writeFileAtomic(input, encode(randomFlock(2, 10, 1, Rules(), 1)) + "abc");
    expectFailure(flocking({"--input", input}), 1, "odd.bin: 67 bytes is not a whole number");
}

TEST_F(FlockingTest, EmptyStateFileHasNoBoids) {
    const std::string input = (dir / "empty.bin").generic_string();
    cs::writeFileAtomic(input, "");
    expectFailure(flocking({"--input", input}), 1, "empty.bin: empty state file (no boids)");
}

TEST_F(FlockingTest, MissingStateFile) {
    expectFailure(flocking({"--input", (dir / "nope.bin").generic_string()}), 1, "nope.bin");
}

TEST_F(FlockingTest, NonFiniteValuesInTheStateFile) {
    for (int component : {1, 5}) {  // a position, a velocity
        std::vector<Boid> flock = randomFlock(4, 10, 1, Rules(), 2);
        (component < 4 ? flock[2].position : flock[2].velocity)[component % 4] =
            component == 1 ? std::nan("") : INFINITY;
        const std::string input = (dir / "bad.bin").generic_string();
        cs::writeFileAtomic(input, encode(flock));
        expectFailure(flocking({"--input", input}), 1,
                      "bad.bin: boid 2 has a value that is not a finite number");
    }
}

// Finite input that a step takes past the float limit: a position near it, moving on. The
// run fails naming the step, and writes nothing.
TEST_F(FlockingTest, AStepThatOverflowsIsAnError) {
    std::vector<Boid> flock = {{{3e38, 0, 0}, {3e38, 0, 0}}, {{0, 0, 0}, {1, 0, 0}}};
    const std::string input = (dir / "huge.bin").generic_string(),
                      output = (dir / "out.bin").generic_string();
    cs::writeFileAtomic(input, encode(flock));
    for (const char* search : {"all_pairs", "grid"}) {
        expectFailure(flocking({"--input", input, "--steps", "3", "--output", output, "--set",
                                std::string("search=") + search, "--set", "radius=5"}),
                      1, "step 1 produced a value that is not a finite number");
        EXPECT_FALSE(fs::exists(output));
    }
}

// With the overlay on, search=grid counts the bins in use after each step (the occupancy pass,
// passes.cpp) with its counters at binding 7, where the update marks its health flag: each
// update must bind its own buffers again. A member that overflows at step 2, one frame and
// one occupancy pass after step 1, fails the run naming step 2; and the overlay's passes
// leave the flock as a run without them makes it.
TEST_F(FlockingTest, TheOverlaysOccupancyPassLeavesTheStepsAlone) {
    auto withOverlay = [&](const std::string& input, const std::string& output) {
        return cs::runProcess({kFlocking, "--headless", "--size", "320x180", "--frames", "3",
                               "--input", input, "--output", output, "--steps", "3", "--set",
                               "search=grid", "--set", "radius=5"});
    };
    // Step 1 takes x to 3e38 and the velocity to 0.6 of 2e38 (the speed limit, smoothed);
    // step 2 takes x past the float limit.
    const std::vector<Boid> overflows = {{{2e38, 0, 0}, {2e38, 0, 0}}, {{0, 0, 0}, {1, 0, 0}}};
    const std::string input = (dir / "in.bin").generic_string(),
                      output = (dir / "out.bin").generic_string();
    cs::writeFileAtomic(input, encode(overflows));
    expectFailure(withOverlay(input, output), 1,
                  "step 2 produced a value that is not a finite number");
    EXPECT_FALSE(fs::exists(output));

    Rules rules;
    rules.radius = 5.0;
    const std::vector<Boid> start = randomFlock(300, 40.0, 5.0, rules, 11);
    const std::string plain = encode(run(start, 3, searchArgs("grid", rules.radius)));
    cs::writeFileAtomic(input, encode(start));
    const cs::ProcessResult shown = withOverlay(input, output);
    ASSERT_EQ(shown.exitCode, 0) << shown.err;
    EXPECT_EQ(cs::readFile(output), plain);
}

TEST_F(FlockingTest, BadParametersAreRefused) {
    expectFailure(flocking({"--set", "radius=-1"}), 2, "radius");
    expectFailure(flocking({"--set", "search=grid"}), 2,
                  "search=grid needs radius > 0: the reach of rule 2 sizes the cells");
    expectFailure(flocking({"--set", "search=octree"}), 2, "all_pairs, grid");
    expectFailure(flocking({"--set", "count=0"}), 2, "count");
    expectFailure(flocking({"--steps", "-1"}), 2, "--steps -1 is out of range");
    expectFailure(flocking({"--bench-max", "64"}), 2, "--bench-max has no effect without --bench");
    const std::string input = (dir / "in.bin").generic_string();
    cs::writeFileAtomic(input, encode(randomFlock(4, 10, 1, Rules(), 1)));
    expectFailure(flocking({"--input", input, "--set", "count=5"}), 2,
                  "--set count has no effect with --input: the flock comes from the file");
}

TEST_F(FlockingTest, HelpListsParametersAndOptions) {
    const cs::ProcessResult run = cs::runProcess({kFlocking, "--help"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    for (const char* text : {"search=all_pairs", "all_pairs|grid", "radius",
                             "separation_distance=7.07", "separation_weight=0.18",
                             "alignment_weight=0.05", "goal_weight=0.17", "cohesion_weight=0.02",
                             "dt=0.5", "max_speed=10", "smoothing=0.4", "--steps=0", "--bench-max"})
        EXPECT_NE(run.out.find(text), std::string::npos) << text << " missing in\n" << run.out;
}

// A tiny sweep (N = 64) keeps the test quick; the figures' names and units are the contract.
TEST_F(FlockingTest, BenchReportsBothSearchesAndTheirRooflines) {
    const std::string json = (dir / "bench.json").generic_string();
    const cs::ProcessResult run =
        cs::runProcess({kFlocking, "--headless", "--frames", "2", "--set", "count=64",
                        "--bench-max", "64", "--bench-json", json});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::string text = cs::readFile(json);
    for (const char* key :
         {"\"all_pairs steps/s N=64\"", "\"grid steps/s N=64\"", "\"grid/all_pairs N=64\"",
          "\"all_pairs N=64\"", "\"grid N=64\"", "\"of\": \"fma\"", "\"of\": \"copy\""})
        EXPECT_NE(text.find(key), std::string::npos) << key << " missing in\n" << text;
}

}  // namespace
