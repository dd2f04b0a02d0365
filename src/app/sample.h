#pragma once
// The base every sample derives from. It owns the ceremony (command line, context, frame
// loop, overlay, screenshot, benchmark) so that a sample's own file holds only its data
// flow: declare parameters -> setup() creates buffers and textures -> each frame update()
// dispatches the compute passes and render() draws the result -> finish() queues outputs.
//
//   class Invert : public cs::Sample {
//       int& localSize = params.choice("local_size", 16, {8, 16, 32}, "work-group edge");
//       void setup() override { ... }
//       void update(double dt) override { ... }
//       void render() override { ... }
//   };
//   CS_SAMPLE_MAIN(Invert)
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/camera.h"
#include "app/draw.h"
#include "app/options.h"
#include "app/params.h"
#include "bench/calibration.h"
#include "bench/profiler.h"
#include "gl/dispatch.h"
#include "gl/objects.h"
#include "util/image.h"

struct GLFWwindow;

namespace cs {

class Context;
class Overlay;
class WindowInput;

class Sample {
public:
    Sample(std::string name, std::string summary);
    virtual ~Sample();

    // Runs the sample as main() would and returns its exit code: 0 success, 1 runtime
    // failure, 2 bad usage. Errors are printed to stderr as one line. Every output is checked
    // before any work (its directory exists and is writable, no two name the same file), and
    // written only once the whole run has succeeded, all together (util/file.h, OutputBatch):
    // a failed run, a failed write among them included, leaves no file replaced.
    int run(int argc, char** argv);

protected:
    // Before any work, with options() and the parameters set but no GL context yet: throw
    // UsageError for what the sample cannot take, e.g. requireExtension on --output.
    virtual void checkOptions() {}
    // With the context current and width() and height() known, before the frame target and
    // setup() allocate anything: throw cs::Error (cs::requireLimit) for what the options and
    // this GL's limits decide alone, e.g. a frame whose buffers pass a limit, so that such a
    // run fails at once instead of after the allocations.
    virtual void checkLimits() {}
    // Creates the GL resources; the context is current.
    virtual void setup() = 0;
    // Produces the frame's data: the compute passes, each followed by the barrier its readers
    // need, and any draw whose result a compute pass reads, into a framebuffer of the
    // sample's own (it binds its own; the framework binds the frame target afterwards). Reads
    // back what a label or output needs, when the data changed. dt in seconds. A cs::Error
    // thrown here after an overlay edit undoes the edit (see Params::undoEdits).
    virtual void update(double /*dt*/) {}
    // Draws into the frame target, which the framework has bound and cleared.
    virtual void render() = 0;
    // Adds overlay widgets below the parameters: ImGui calls only, no GL reads.
    virtual void ui() {}
    // After the last frame: reads back and queues the outputs (queueOutput).
    virtual void finish() {}
    // After R has recompiled the shaders (a program that failed keeps its last good build): a
    // sample that computes only when a parameter changes marks its results stale here, so
    // that the next update() shows what the edited shaders compute.
    virtual void shadersReloaded() {}
    // The sample's figures for --bench, from the per-pass GPU times of the timed frames.
    virtual std::vector<BenchFigure> benchFigures(const Calibration&) { return {}; }

    // ---- The window (every key and mouse control is listed by F1 and --help) ----
    // Whether a left press at (x, y), in window pixels from the top left, starts a drag of the
    // sample's own (cloth grabs its cloth there), so that the camera does not orbit with it.
    virtual bool wantsDrag(double /*x*/, double /*y*/) { return false; }
    // The sample's own mouse controls for the help window, e.g. {"left drag on the cloth",
    // "pulls it"}.
    virtual std::vector<std::pair<std::string, std::string>> mouseHelp() const { return {}; }
    // Says in the window what the next update() will spend long on (a calibration, a large
    // rebuild): drawn over this frame, so that a learner never faces a frozen, silent window.
    // The framework does the same by itself for every overlay edit.
    void showBusy(std::string what) { busy_ = std::move(what); }
    // A problem the learner must see (the simulation blew up): in red in the overlay's notes,
    // right below the parameters, from the next frame, for as long as the sample says it
    // every frame (from update() or ui()). Empty: none.
    void warn(std::string problem) { warningNext_ = std::move(problem); }

    // The orbit camera of a 3D sample. useCamera() (in setup()) gives it the mouse: a left
    // drag orbits, the wheel zooms, Home goes back to camera().setHome's pose. With `zoom`,
    // the sample's own zoom parameter (larger is closer), the wheel drives that instead of
    // the camera's distance, so the overlay's slider and the wheel agree.
    OrbitCamera& camera() { return camera_; }
    const OrbitCamera& camera() const { return camera_; }
    void useCamera(const float* zoom = nullptr);

    // Queues `bytes` for the file `path` (--output or one of the sample's flags.output): written
    // once the run has succeeded, after its last GL error check, in one OutputBatch with the
    // run's other outputs, so that they land together or not at all.
    void queueOutput(const std::string& path, std::string bytes);
    void queueOutput(const std::string& path, const void* data, std::size_t size);
    // Queues a status line for stderr (e.g. a measurement the run reports), printed once the
    // outputs have been written: a run that fails prints its error line alone.
    void queueStatus(std::string line);

    // Times the GL commands issued while the scope lives and names them as a debug group:
    //   { auto pass = gpuPass("invert"); glDispatchCompute(...); }
    GpuProfiler::Scope gpuPass(const char* name) { return profiler_.pass(name); }
    // Median GPU milliseconds of a pass over the benchmark's timed frames.
    double benchMedianMs(const std::string& pass) const;
    // The pass's most recent GPU milliseconds (0 before the first is measured), for overlays.
    double latestPassMs(const std::string& pass) const { return profiler_.latestMs(pass); }
    // In a window, work too long for one frame is spread over several, a part a frame, so
    // that the window redraws and takes Esc between the parts. Called as a round of the work
    // starts: how many parts it should have, each timed as `pass`, from the time of the pass's
    // last round. About Slices::kSlice of GPU time a part, from 1 to `most`; `most`
    // while the pass has no time yet or `most` changed since the last call (work of a new
    // size); 1 headless, so that a run's results are those of whole rounds; and 1 paused,
    // where N runs a whole round. While the round runs, the slow-frame note counts its whole
    // time.
    int partsFor(const std::string& pass, int most);
    // How this driver's GPU time is measured (for samples that time sweeps themselves).
    GpuProfiler::Method timingMethod() const { return profiler_.method(); }

    // The framebuffer samples draw into: the window's, or an offscreen one when headless.
    void bindFrameTarget() const;
    // The part of the frame target the overlay leaves free: right of the overlay window as
    // last frame drew it, but at least the right half; the whole target with --no-ui.
    // In frame-target pixels, origin at the bottom left.
    Rect freeArea() const;
    int width() const { return width_; }
    int height() const { return height_; }
    bool headless() const { return headless_; }
    bool paused() const { return paused_; }  // Space in the window: update() is not called
    // The GLFW window, for a sample's own mouse input; nullptr when headless.
    GLFWwindow* window() const;
    const Options& options() const { return options_; }
    std::uint32_t seed() const { return options_.seed; }

    // The overlay's parameters (--set name=value), and the sample's own command-line options
    // (--name value, e.g. nbody's --steps), both declared once (app/params.h).
    Params params;
    Params flags{Params::Style::Flags};

private:
    void printHelp() const;
    std::vector<std::pair<std::string, std::string>> outputFiles() const;
    void failOnGlErrors() const;
    void openContext();
    void runFrames();
    void frame(double dt, bool last);
    void drawOverlay(double dt);
    double recentFrameMs() const;
    // What the recent frames cost: their wall-clock time (the median of the last 8), and the
    // GPU time of the passes and the draw of the last frame that ran any, the part that grows
    // with the work. The rest (the overlay, the swap, the CPU's own) stays whatever the work.
    struct FrameCost {
        double frameMs = 0.0, workMs = 0.0;
        double fixedMs() const { return std::max(0.0, frameMs - workMs); }
    };
    FrameCost recentCost() const;
    double spreadRoundMs() const;
    void askBeforeHeavyEdits();
    // `basis`, where given, says what the estimate comes from, for the question.
    double estimateFrameMs(const std::string& name, double value,
                           std::string* basis = nullptr) const;
    std::string nearerValue(const Params::Edit& edit) const;
    void drawNotes();
    void drawSlowNote(double frameMs);
    void announceApplied(const std::string& assignment, const char* how);
    void makeInteractive();
    void drawAsk();
    void drawPassTimes();
    void notice(std::string text);
    void copyCommandLine(const Params::Edit& with = {});  // with an edit held back applied
    void drawHelp();
    void drawBusy();
    void handleInput();
    void onKey(int key, int mods);
    void reloadShaders();
    Image readFrame() const;
    void captureScreenshot();
    void writeWindowShot();
    void reportBench();
    void writeOutputs() const;

    std::string name_, summary_;

    Options options_;
    bool headless_ = false;
    bool fixedDt_ = false;
    int width_ = 0, height_ = 0;
    // Declaration order matters: members below are destroyed before the context.
    std::unique_ptr<Context> context_;
    std::unique_ptr<WindowInput> input_;  // before the overlay, whose backend chains to it
    std::unique_ptr<Overlay> overlay_;
    Framebuffer offscreen_;
    GpuProfiler profiler_;
    Calibration calibration_;
    std::string reloadError_;
    std::string refusal_;        // why the overlay's last edit was undone
    float overlayRight_ = 0.0f;  // the overlay window's right edge last frame, in pixels
    // The window's state.
    bool paused_ = false, stepOnce_ = false, showHelp_ = false, shotRequested_ = false;
    bool updated_ = false;               // update() has run: a closing window need not run it again
    std::string busy_;                   // showBusy, until the next update()
    std::string warning_, warningNext_;  // warn(): shown, and said this frame for the next
    bool slow_ = false;                  // the slow-frame note is shown (with hysteresis)
    struct Spread {
        std::string pass;  // partsFor(): work spread over frames
        double roundMs = 0.0;
        int parts = 1;
        int framesLeft = 0;  // how long the note counts it: its round, and a frame
    } spread_;
    struct Round {
        int most = 0, parts = 1;  // partsFor: a pass's last round, its `most` and its parts
    };
    std::map<std::string, Round> rounds_;
    bool notesShown_ = false;  // the notes' slot has appeared, and stays
    std::string notice_;       // a passing notice in the overlay's notes, until noticeUntil_
    double noticeUntil_ = 0.0;
    struct Ask {
        Params::Edit edit;  // held back (Params::holdBack) until the learner says
        double estimateMs;
        std::string basis;   // what the estimate comes from (estimateFrameMs)
        std::string nearer;  // nearerValue(edit): "try it first", or empty
    };
    std::optional<Ask> ask_;
    // Per parameter with a declared cost: what the frames cost at each value it has held, by
    // its text, and the other parameters' values then. An estimate scales from the value
    // nearest in cost among those measured with the others as they are now (a frame of nx=64
    // says little once ny and nz have changed), not only from the last.
    struct Measure {
        FrameCost cost;
        std::string others;  // settingsBesides(the parameter) when it was measured
    };
    std::map<std::string, std::map<std::string, Measure>> measured_;
    std::string settingsBesides(const std::string& name,
                                const std::vector<Params::Edit>& batch = {}) const;
    FrameCost pausedAt_;          // recentCost() as Space paused, until an edit is applied
    std::vector<float> frameMs_;  // wall-clock frame times, the last kFrameGraphLength
    OrbitCamera camera_;
    bool cameraInUse_ = false;
    const float* zoom_ = nullptr;
    enum class Drag { None, Overlay, Sample, Camera } drag_ = Drag::None;
    double cursorX_ = 0.0, cursorY_ = 0.0;
    // What the run writes once it has succeeded: the last frame for --screenshot, the queued
    // files, and the --bench report for stdout.
    Image screenshot_;
    std::vector<std::pair<std::string, std::string>> outputs_;
    std::string benchText_;
    std::vector<std::string> statusLines_;  // queueStatus, printed after the outputs
};

}  // namespace cs

#if defined(_WIN32)
namespace cs {
// Windows hands main() its arguments in the ANSI code page, which loses what it cannot spell:
// this runs `sample` with the command line as Windows has it (UTF-16), in UTF-8, and prints
// UTF-8 to the console (app/command_line_windows.cpp).
int runWithUtf8Arguments(Sample& sample);
}  // namespace cs
// The whole main() of a sample.
#define CS_SAMPLE_MAIN(SampleClass)              \
    int main() {                                 \
        SampleClass sample;                      \
        return cs::runWithUtf8Arguments(sample); \
    }
#else
// The whole main() of a sample.
#define CS_SAMPLE_MAIN(SampleClass)    \
    int main(int argc, char** argv) {  \
        SampleClass sample;            \
        return sample.run(argc, argv); \
    }
#endif
