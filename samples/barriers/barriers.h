#pragma once
// The barriers sample's pieces beside main.cpp: the experiments, what each should have produced
// and the check of what it did produce (checks.cpp), the tally of many runs, the report and
// the error map the window shows (report.cpp), and the overlay's table (overlay.cpp).
// Nothing here touches OpenGL.
#include <array>
#include <cstdint>
#include <functional>
#include <glm/glm.hpp>
#include <string>
#include <utility>
#include <vector>

#include "app/draw.h"
#include "bench/report.h"

namespace barriers {

// The experiments, in the order `experiment=all` runs them; experimentChoices() adds "all".
extern const std::vector<std::string> kExperiments;
std::vector<std::string> experimentChoices();
// The indices in kExperiments that `experiment` (a choice) runs: one, or every one for "all".
std::vector<std::size_t> chosen(const std::string& experiment);
// Each correct variant's time over its racy one's (kRightAndRacy), from `ms`, a median time
// of one experiment's dispatch: what being right costs, for --bench.
std::vector<cs::BenchFigure> rightOverRacy(const std::function<double(const std::string&)>& ms);

// --bench's comparisons: each correct variant's time over its racy one's.
constexpr std::pair<const char*, const char*> kRightAndRacy[] = {
    {"shift_with_barrier", "shift_without_barrier"},
    {"counter_atomic", "counter_plain"},
    {"counter_atomic_counter", "counter_atomic"},
    {"handoff_with_glMemoryBarrier", "handoff_without_glMemoryBarrier"},
    {"publish_coherent", "publish_incoherent"}};

// A different token for every run of every experiment, never 0 (publish's flag starts at 0).
std::uint32_t tokenFor(std::uint32_t seed, std::size_t experiment, int run);

// What the check says of one element of one run.
enum Status : std::uint8_t {
    kRight = 0,
    kWrong = 1,
    kNoData = 2,  // a publish consumer that gave up polling: not wrong, but nothing to check
};
// Each status's colour in the error map (errorMap) and in its legend (mapLegend), RGB,
// indexed by Status; halved where a run or a work group starts.
constexpr std::uint8_t kStatusColours[3][3] = {{40, 110, 60}, {235, 60, 50}, {95, 95, 100}};

// The racy variants, and what a driver on which one stays right in every run did: it is still
// a race (README.md, 2.), which another driver may show.
struct Racy {
    const char* name;
    const char* luck;
};
constexpr Racy kRacy[] = {
    {"shift_without_barrier", "happened to run every read after its neighbour's write"},
    {"counter_plain", "happened never to interleave two increments"},
    {"handoff_without_glMemoryBarrier", "happened to be coherent"},
    {"publish_incoherent", "happened to be coherent"}};

// value.glsl's formula: element `index`'s value in the run with `token`.
std::uint32_t valueOf(std::uint32_t token, std::uint32_t index);

// shift.comp: element i must hold valueOf of its group neighbour (local index + 1, wrapping).
std::vector<Status> checkShift(const std::vector<std::uint32_t>& shifted, std::uint32_t token,
                               std::uint32_t groupSize);

// counter.comp: the tickets must be 0..N-1, each once. An invocation whose ticket is out of
// range, or was handed out already to an invocation before it, is wrong; so is the counter
// (one more element) unless it ends at N, and the canary word unless it is untouched.
std::vector<Status> checkTickets(const std::vector<std::uint32_t>& tickets, std::uint32_t counter,
                                 std::uint32_t canary, std::uint32_t canaryWritten);

// handoff_read.comp: element i must hold the value the first dispatch wrote at N-1-i.
std::vector<Status> checkHandoff(const std::vector<std::uint32_t>& received, std::uint32_t token);

// publish.comp: each consumer invocation either gave up (kNoData) or read the producer's word
// (local + group) % groupSize of this run. `seen` holds (saw the flag, value) per consumer.
std::vector<Status> checkPublish(const std::vector<glm::uvec2>& seen, std::uint32_t token,
                                 std::uint32_t groupSize);

// What atomics.comp left behind, and how it started (atomicsStart).
constexpr std::uint32_t kNone = 0xFFFFFFFFu;
struct Totals {
    std::uint32_t sum;
    std::int32_t minX, minY, maxX, maxY;
    std::uint32_t head;
};
static_assert(sizeof(Totals) == 24,
              "Totals must match atomics.comp's std430 block: six 4-byte members");
struct AtomicsResult {
    Totals totals{};
    std::vector<std::uint32_t> bits;    // drawn, notDrawn, odd: 3 x bitWords
    std::vector<std::uint32_t> owners;  // per bucket
    std::vector<glm::uvec2> returned;   // per invocation: (next, found)
};
AtomicsResult atomicsStart(std::uint32_t count, std::uint32_t bitWords, std::uint32_t buckets);

// The eight functions, in this order, and the check of each one's use.
constexpr std::array<const char*, 8> kAtomicFunctions = {
    "atomicAdd", "atomicMin", "atomicMax",      "atomicAnd",
    "atomicOr",  "atomicXor", "atomicExchange", "atomicCompSwap"};
std::array<std::vector<Status>, 8> checkAtomics(const AtomicsResult& result, std::uint32_t token,
                                                std::uint32_t bitWords);

// Many runs of one experiment.
struct Tally {
    int runs = 0, wrongRuns = 0;
    long long wrongElements = 0, noData = 0;
    std::vector<float> wrongPerRun;  // for the overlay's plot
    // The first kMapElements elements of each of the first kMapRuns runs, for the error map:
    // enough to see which invocations of a group a race hits.
    std::vector<std::vector<Status>> map;
    std::size_t elements = 0;  // of each run
    void add(const std::vector<Status>& status);
};
constexpr int kMapRuns = 256, kMapElements = 512;

// The report --output writes: {"<experiment>": {"runs": R, "wrong_runs": W,
// "wrong_elements": E}, ...} for every experiment that ran, in the order they ran; publish
// experiments add "gave_up", atomics adds the same three numbers per function.
struct Named {
    std::string name;
    Tally tally;
    std::vector<std::pair<std::string, Tally>> parts;  // atomics: per function
    std::uint32_t groupSize = 0;  // elements per work group, where an element is an invocation
    // Adds one atomics run: each function's status to its part, all of them to the tally.
    void addParts(const std::array<std::vector<Status>, 8>& status);
};
// An experiment before its first run: atomics with a part per function; the others with an
// element per invocation of groups of `groupSize`.
Named startOutcome(const std::string& name, std::uint32_t groupSize);
std::string reportJson(const std::vector<Named>& experiments);

// Where the error map goes in `free`, the frame's area that the overlay leaves free (frame
// pixels, bottom up): all of it but a margin, in whole pixels.
cs::Rect mapArea(const cs::Rect& free);

// Where experiment `index` of `count` has its band in a map `height` pixels high: `top` rows
// from the map's top (below room for its name), `height` rows.
struct Band {
    int top, height;
};
Band band(int index, int count, int height);

// The error map: one band per experiment, a row per run, a column per element (the first
// mapElements of them, at least 2 pixels each); green right, red wrong, grey no data, darker
// where a run or a work group starts. RGBA8, `width` x `height`, bottom row first.
std::size_t mapElements(std::size_t stored, int width);
std::vector<std::uint8_t> errorMap(const std::vector<Named>& experiments, int width, int height);

// ---- The overlay (overlay.cpp; ImGui calls only) ----

// A row per experiment: how many runs and elements were wrong, and a plot of the wrong
// elements of each run.
void resultsTable(const std::vector<Named>& experiments);
// How far the runs are: `done` of `total`.
void progressBar(std::uint64_t done, std::uint64_t total);
// Each experiment's name above its band of the map drawn at `rect` (frame pixels, bottom up).
void bandTitles(const std::vector<Named>& experiments, const cs::Rect& rect, int frameHeight);
// What a cell of the map means (a swatch per status, and the darker lines), and, for every
// racy variant that was right in every run, that this driver hid the race.
void mapLegend(const std::vector<Named>& experiments);

}  // namespace barriers
