#include "app/sample.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <new>
#include <optional>
#include <stdexcept>
#include <utility>

#include "app/overlay.h"
#include "app/slices.h"
#include "app/window_input.h"
#include "gl/context.h"
#include "gl/debug.h"
#include "gl/info.h"
#include "gl/program.h"
#include "gl/shader_source.h"
#include "util/error.h"
#include "util/file.h"
#include "util/image.h"

namespace cs {
namespace {

// Headless runs have no window to close; without --frames they stop after this many.
constexpr int kDefaultHeadlessFrames = 60;
// Frames run before the timed frames of --bench, and timed frames without --frames.
constexpr int kBenchWarmupFrames = 10;
constexpr int kDefaultBenchFrames = 100;
constexpr double kFixedDt = 1.0 / 60.0;
// The frame-time graph's length, and the frame time past which the overlay calls the window
// slow and offers the sample's interactive settings.
constexpr std::size_t kFrameGraphLength = 300;
constexpr float kSlowFrameMs = 200.0f;
// The note goes again only well below that, so that frames around the threshold do not make
// it flicker (hysteresis).
constexpr float kFastAgainMs = 100.0f;
constexpr float kVerySlowFrameMs = 1000.0f;
// An overlay edit whose estimated frame time passes this is held back, and the window asks.
constexpr double kAskAboveMs = 3000.0;
// Past this, the window does not offer to apply it at all: it could not redraw, nor act on
// Esc, for that long. The question gives the command line that runs it instead. 4 s, not 5:
// an estimate scaled from other sizes came out up to a fifth short (cloth's 4.5 s ran 4.0 to
// 5.4 s), and no frame should pass 5 s.
constexpr double kApplyUpToMs = 4000.0;
// The question's "try N first": a value on the way whose frames are estimated at most this.
constexpr double kTryFirstMs = 1000.0;
// How far the line through two measures is trusted: up to this many times the larger cost
// measured (estimateFrameMs).
constexpr double kLineReach = 16.0;
// How long a notice ("copied", "shaders reloaded") stays in the overlay's notes.
constexpr double kNoticeSeconds = 3.0;

double nowSeconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// "bodies=1024, steps_per_frame=1": settings as the overlay names them.
std::string joined(const std::vector<std::string>& settings) {
    std::string names;
    for (const std::string& setting : settings) names += (names.empty() ? "" : ", ") + setting;
    return names;
}

// "about 3 min", "about 12 s", "about 4.9 s": an estimate, rounded as one. Below 10 s to a
// tenth, down up to kApplyUpToMs and up past it, so that two estimates on either side of it
// (whose questions offer different buttons) never read the same.
std::string aboutDuration(double ms) {
    char text[64];
    if (ms < 1000.0) {
        std::snprintf(text, sizeof text, "about %.0f ms", ms);
    } else if (ms < 10e3) {
        const double tenths = ms / 100.0;
        std::snprintf(text, sizeof text, "about %.1f s",
                      (ms <= kApplyUpToMs ? std::floor(tenths) : std::ceil(tenths)) / 10.0);
    } else if (ms < 120e3) {
        std::snprintf(text, sizeof text, "about %.0f s", ms / 1e3);
    } else if (ms < 7200e3) {
        std::snprintf(text, sizeof text, "about %.0f min", ms / 60e3);
    } else {
        std::snprintf(text, sizeof text, "about %.0f h", ms / 3600e3);
    }
    return text;
}

// A time in milliseconds with four significant digits or so: "0.1234 ms", "12.34 ms",
// "1234 ms", never wider than it needs.
std::string msText(double ms) {
    char text[32];
    const int decimals = ms < 1.0 ? 4 : ms < 10.0 ? 3 : ms < 100.0 ? 2 : ms < 1000.0 ? 1 : 0;
    std::snprintf(text, sizeof text, "%.*f ms", decimals, ms);
    return text;
}

bool environmentSaysOne(const char* name) {
    const char* value = std::getenv(name);
    return value && std::string(value) == "1";
}
// CS_TRACE_OVERLAY=1 prints, every frame, where the overlay put its notes: for the tests that
// the overlay holds still.
bool traceOverlay() {
    return environmentSaysOne("CS_TRACE_OVERLAY");
}
// CS_TRACE_FRAMES=1 prints a line after every swap: for the tools that measure how long a
// window goes without a redraw while a learner plays with it.
bool traceFrames() {
    return environmentSaysOne("CS_TRACE_FRAMES");
}

// Every key of the window, for the help window (F1), --help and, by hand, the README.
struct KeyHelp {
    const char* key;
    const char* effect;
};
constexpr KeyHelp kKeys[] = {
    {"Space", "pause or resume the compute (drawing and the overlay go on)"},
    {"N", "while paused: one frame of compute, with the fixed time step"},
    {"F1", "show or hide this help (also with --no-ui)"},
    {"F2", "write the window as shown to out/<this sample>-<n>.png"},
    {"R", "reload the shaders (a failed compile keeps the last good program)"},
    {"Ctrl+R", "every parameter back to its default"},
    {"Esc", "quit"},
    {"Ctrl+click a slider", "type a value"},
};
constexpr KeyHelp kCameraControls[] = {
    {"left drag", "orbit the camera"},
    {"wheel", "zoom"},
    {"Home", "the camera back to where it started"},
};

// CS_GL_DEBUG=1 (set by the test suite) asks for a debug context with synchronous
// messages, prints every driver message (not only errors and high severity), and makes any
// high-severity message fail the run, not only GL errors.
bool strictGlDebug() {
    return environmentSaysOne("CS_GL_DEBUG");
}

}  // namespace

Sample::Sample(std::string name, std::string summary)
    : name_(std::move(name)), summary_(std::move(summary)) {}

Sample::~Sample() = default;

namespace {
// What --help and --info print goes to stdout directly: a full disk or a closed stdout is a
// failed run like any other write (exit 1), not a silent success.
void flushStdout() {
    if (std::fflush(stdout) != 0 || std::ferror(stdout))
        throw Error(std::string("stdout: write failed (") + std::strerror(errno) + ")");
}
}  // namespace

int Sample::run(int argc, char** argv) {
    const char* stage = "reading the command line";  // for an out-of-memory message
    // A closed pipe or a file-size limit is a write error with one line, never a death by
    // SIGPIPE or SIGXFSZ that leaves no message (and temporary files) behind.
    writeErrorsNotSignals();
    try {
        std::vector<std::string> flagNames;
        for (const std::string& flag : flags.names()) flagNames.push_back("--" + flag);
        options_ = parseOptions(argc, argv, flagNames);
        if (options_.help) {
            printHelp();
            flushStdout();
            return 0;
        }
        for (const auto& [flag, value] : options_.extra) flags.set(flag.substr(2), value);
        params.setAll(options_.sets);
        // Only now, with every value in, can a parameter tell whether it acts (activeWhen).
        params.refuseInactive();
        flags.refuseInactive();
        checkOptions();
        // Before the context, let alone the work: a run that cannot write its result should
        // not compute it first.
        checkOutputs(outputFiles(), options_.info);
        stage = "setting up";
        openContext();
        if (options_.info) {
            std::fputs(glInfoText(context_->kind()).c_str(), stdout);
            flushStdout();
            return 0;
        }
        // Before the frame target and setup() allocate anything: a size this GL cannot take
        // is refused in a moment, not after gigabytes.
        checkLimits();
        if (headless_)  // a window brings its own
            offscreen_ = Framebuffer("frame target", width_, height_, GL_RGBA8, /*withDepth=*/true);
        profiler_.setMethod(detectTimingMethod());
        setup();
        params.clearChanged();  // setup() already used the starting values
        params.keepEdits();
        if (options_.bench) calibration_ = calibrateDevice(profiler_.method());
        stage = "running";
        runFrames();
        failOnGlErrors();  // before finish(): a run whose commands failed reads back nothing
        stage = "finishing";
        finish();
        if (options_.bench) reportBench();
        failOnGlErrors();
        stage = "writing its outputs";
        writeOutputs();  // only now that the run has succeeded
        for (const std::string& line : statusLines_)
            std::fprintf(stderr, "%s: %s\n", name_.c_str(), line.c_str());
        return 0;
    } catch (const UsageError& e) {
        std::fprintf(stderr, "%s: %s\n", name_.c_str(), e.what());
        return 2;
    } catch (const std::bad_alloc&) {
        const std::string input =
            options_.input.empty() ? "" : ", with --input " + cs::quoted(options_.input);
        std::fprintf(stderr, "%s: out of memory while %s%s\n", name_.c_str(), stage, input.c_str());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: %s\n", name_.c_str(), e.what());
        // A compiler's whole log follows the one line when asked for.
        const auto* shaderError = dynamic_cast<const ShaderError*>(&e);
        if (shaderError && strictGlDebug())
            std::fprintf(stderr, "%s\n", shaderError->log().c_str());
        return 1;
    }
}

// Every file the run may write, as (flag, path); the path is empty where the flag is not given.
std::vector<std::pair<std::string, std::string>> Sample::outputFiles() const {
    std::vector<std::pair<std::string, std::string>> files = {{"--output", options_.output},
                                                              {"--screenshot", options_.screenshot},
                                                              {"--bench-json", options_.benchJson}};
    for (const auto& output : flags.outputs()) files.push_back(output);
    return files;
}

void Sample::queueOutput(const std::string& path, std::string bytes) {
    const auto files = outputFiles();
    if (std::none_of(files.begin(), files.end(),
                     [&](const auto& file) { return file.second == path; }))
        throw std::logic_error(path + " is not an output's file: declare it with flags.output");
    outputs_.emplace_back(path, std::move(bytes));
}

void Sample::queueOutput(const std::string& path, const void* data, std::size_t size) {
    queueOutput(path, std::string(static_cast<const char*>(data), size));
}

void Sample::queueStatus(std::string line) {
    statusLines_.push_back(std::move(line));
}

// One batch, so that the outputs land together: a write that fails (a full disk, /dev/full)
// leaves every file as it was before the run, not only the files after it.
void Sample::writeOutputs() const {
    OutputBatch batch;
    if (!options_.screenshot.empty()) {
        // A window closed during --bench's warm-up ends the run before any frame it shows.
        if (screenshot_.rgba.empty())
            throw Error(printable(options_.screenshot) + ": no frame was drawn to capture");
        batch.add(options_.screenshot, encodePng(screenshot_));
    }
    for (const auto& [path, bytes] : outputs_) batch.add(path, bytes);
    if (!benchText_.empty()) batch.addStdout(benchText_);
    batch.write();
    if (!options_.screenshot.empty())
        std::fprintf(stderr, "%s: wrote %s (%dx%d, %s)\n", name_.c_str(),
                     printable(options_.screenshot).c_str(), screenshot_.width, screenshot_.height,
                     context_->kind().c_str());
}

void Sample::failOnGlErrors() const {
    glFinish();  // a driver that reports asynchronously has delivered its messages by now
    if (strictGlDebug() && highSeverityMessageCount() > 0)
        throw Error("OpenGL reported " + std::to_string(highSeverityMessageCount()) +
                    " high-severity message(s), the first: " + firstHighSeverityMessage());
    if (errorMessageCount() > 0)
        throw Error("OpenGL reported " + std::to_string(errorMessageCount()) +
                    " error(s), the first: " + firstErrorMessage());
    // Outside a debug context a driver need not send KHR_debug messages at all; the error
    // flag is still set, and nothing here clears it.
    if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
        char code[16];
        std::snprintf(code, sizeof code, "0x%04X", error);
        throw Error(std::string("OpenGL error ") + code + " (glGetError) during the run");
    }
}

void Sample::printHelp() const {
    std::printf("%s: %s\n\n%s\nparameters (--set name=value):\n%s", name_.c_str(), summary_.c_str(),
                optionsHelp(name_).c_str(), params.helpText().c_str());
    if (!flags.names().empty())
        std::printf("\n%s's own options:\n%s", name_.c_str(), flags.helpText().c_str());
    std::printf("\nin the window:\n");
    for (const KeyHelp& k : kKeys) std::printf("  %-20s %s\n", k.key, k.effect);
    for (const KeyHelp& k : kCameraControls)
        std::printf("  %-20s %s (3D samples)\n", k.key, k.effect);
}

void Sample::openContext() {
    headless_ = options_.headless || !displayAvailable();
    ContextConfig config;
    config.title = name_;
    config.width = options_.width;
    config.height = options_.height;
    config.headless = headless_;
    config.debug = strictGlDebug();
    context_ = Context::create(config);
    enableDebugOutput({strictGlDebug(), strictGlDebug()});
    context_->framebufferSize(width_, height_);
    if (GLFWwindow* window = context_->window()) input_ = std::make_unique<WindowInput>(window);
    overlay_ = std::make_unique<Overlay>(context_->window(), context_->contentScale());
}

void Sample::useCamera(const float* zoom) {
    cameraInUse_ = true;
    zoom_ = zoom;
}

GLFWwindow* Sample::window() const {
    return context_ ? context_->window() : nullptr;
}

void Sample::bindFrameTarget() const {
    glBindFramebuffer(GL_FRAMEBUFFER, offscreen_ ? offscreen_.id() : 0);
    glViewport(0, 0, width_, height_);
}

void Sample::runFrames() {
    fixedDt_ = options_.fixedDt.value_or(headless_);
    int frames = options_.frames;
    if (frames == 0 && (headless_ || options_.bench))
        frames = options_.bench ? kDefaultBenchFrames : kDefaultHeadlessFrames;
    if (options_.bench) {
        for (int i = 0; i < kBenchWarmupFrames; ++i) frame(kFixedDt, false);
        profiler_.collectAll();
        profiler_.clearSamples();
    }
    auto previous = std::chrono::steady_clock::now();
    for (int i = 0; frames == 0 || i < frames; ++i) {
        if (context_->shouldClose()) break;
        const auto now = std::chrono::steady_clock::now();
        const double wallDt = std::chrono::duration<double>(now - previous).count();
        previous = now;
        // The frame-time graph's wall-clock times, from the second frame on (the first has
        // no frame before it).
        if (i > 0) {
            if (frameMs_.size() == kFrameGraphLength) frameMs_.erase(frameMs_.begin());
            frameMs_.push_back(float(wallDt * 1e3));
        }
        frame(fixedDt_ ? kFixedDt : wallDt, frames != 0 && i == frames - 1);
    }
    profiler_.collectAll();
}

void Sample::frame(double dt, bool last) {
    context_->pollEvents();
    // ImGui's frame starts first, so that the keys and the mouse know what the overlay wants.
    // A window runs it with --no-ui too: the help window (F1) shows there.
    const bool imgui = !headless_ || !options_.noUi;
    if (imgui)
        overlay_->beginFrame(width_, height_, dt, input_ ? input_->takeTaps() : std::vector<int>{});
    handleInput();
    // Ctrl+R and the wheel edit here, before update(): a heavy edit is held back before the
    // sample runs it (the overlay's sliders are asked about as they are let go, below).
    askBeforeHeavyEdits();
    // Closing the window (or Esc) ends the run after this frame, which makes it the last
    // one: the frame --screenshot writes when no --frames count was given.
    const bool closing = context_->shouldClose();
    last = last || closing;
    context_->framebufferSize(width_, height_);
    if (spread_.framesLeft > 0) --spread_.framesLeft;  // work spread over frames (partsFor)
    // Paused, the compute waits (N runs one frame of it, with the fixed time step); the
    // picture is drawn again from what the last update() left.
    // Closed (Esc, or the window's close button), the last frame draws what the last update()
    // left instead of computing another: Esc waits for one slow frame, not two.
    if ((!paused_ || stepOnce_) && !(closing && updated_)) {
        updated_ = true;
        const double stepDt = paused_ ? kFixedDt : dt;
        stepOnce_ = false;
        profiler_.beginFrame();  // paused, the overlay keeps the last frame's passes
        try {
            update(stepDt);
            params.keepEdits();
        } catch (const Error& e) {
            // A value set in the overlay that this device cannot run (more work groups than it
            // dispatches, a buffer larger than it binds) is undone, and the overlay says why.
            // Anything else, and every error of a run without a window, ends the run.
            if (headless_ || !params.undoEdits()) throw;
            refusal_ = e.what();
            std::fprintf(stderr, "%s: undone: %s\n", name_.c_str(), refusal_.c_str());
            update(stepDt);
        }
        busy_.clear();
    }
    bindFrameTarget();
    glClearColor(0.08f, 0.08f, 0.1f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    {
        // The draw too is GPU time of the frame, listed in the overlay (not in --bench, whose
        // figures are the sample's passes).
        std::optional<GpuProfiler::Scope> draw;
        if (!headless_ && !options_.bench) draw.emplace(profiler_, kDrawPass, false);
        render();
    }
    if (imgui) {
        bindFrameTarget();
        if (!options_.noUi) drawOverlay(dt);
        if (showHelp_) drawHelp();
        drawAsk();
        drawBusy();
        overlay_->endFrame();
    }
    profiler_.collect();
    if (shotRequested_) writeWindowShot();
    if (last && !options_.screenshot.empty()) captureScreenshot();
    context_->swapBuffers();
    if (traceFrames())
        std::fprintf(stderr, "%s: frame swapped%s%s%s\n", name_.c_str(),
                     busy_.empty() ? "" : " (busy: ", busy_.c_str(), busy_.empty() ? "" : ")");
}

// The overlay holds still: a fixed width, so that no message widens it (text wraps), the
// controls in a fixed order, and the list of timed passes last, where its changing length
// moves nothing below it.
void Sample::drawOverlay(double dt) {
    const ImGuiIO& io = ImGui::GetIO();
    const float scale = io.FontGlobalScale;
    const float width = std::min(390.0f * scale, 0.45f * io.DisplaySize.x);
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f),
                                        ImVec2(width, std::max(100.0f, io.DisplaySize.y - 20.0f)));
    ImGui::SetNextWindowBgAlpha(0.75f);  // the sample's picture stays visible behind it
    // Behind every other window, even once clicked: the question (drawAsk) stays in sight.
    ImGui::Begin(name_.c_str(), nullptr,
                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoBringToFrontOnFocus);
    ImGui::PushTextWrapPos(0.0f);  // every Text below wraps at the window's edge
    ImGui::TextUnformatted(deviceName().c_str());
    // One line for the pace, paused or not, so that pausing moves no widget.
    if (paused_)
        ImGui::TextColored(ImVec4(1, 0.85f, 0.3f, 1), "PAUSED: Space resumes, N steps");
    else if (fixedDt_)
        ImGui::Text("fixed time step %.2f ms", dt * 1000.0);
    else
        ImGui::Text("%.2f ms/frame (%.0f fps)", dt * 1000.0, dt > 0 ? 1.0 / dt : 0.0);
    // The graph's place is kept from the first frame, which has no time yet: nothing below
    // moves when it comes.
    const ImVec2 graphSize(ImGui::GetContentRegionAvail().x, 36.0f * scale);
    if (frameMs_.empty()) {
        ImGui::Dummy(graphSize);
    } else {
        const float most = *std::max_element(frameMs_.begin(), frameMs_.end());
        ImGui::PlotLines(
            "##frame times", frameMs_.data(), int(frameMs_.size()), 0,
            ("frame times, up to " + std::to_string(int(std::ceil(most))) + " ms").c_str(), 0.0f,
            most * 1.1f + 1e-3f, graphSize);
    }
    // Sections the learner can fold away where the window is small.
    const bool showParams = !params.names().empty() &&
                            ImGui::CollapsingHeader("parameters", ImGuiTreeNodeFlags_DefaultOpen);
    if (showParams && params.drawUi(/*tooltips=*/!ask_)) refusal_.clear();
    if (std::string limit = params.takeLimitNote(); !limit.empty()) {
        std::fprintf(stderr, "%s: %s\n", name_.c_str(), limit.c_str());
        notice(limit);
    }
    askBeforeHeavyEdits();
    if (showParams) {
        if (ImGui::Button("defaults (Ctrl+R)")) params.resetAll();
        ImGui::SameLine();
        if (ImGui::Button("copy as command line")) copyCommandLine();
    }
    drawNotes();  // a slot of fixed height: what comes and goes there moves no control
    if (ImGui::CollapsingHeader("this run", ImGuiTreeNodeFlags_DefaultOpen)) ui();
    if (!headless_) {
        ImGui::Separator();
        ImGui::TextDisabled("F1: keys and mouse   R: reload shaders   Esc: quit");
        if (!reloadError_.empty())
            ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", reloadError_.c_str());
    }
    drawPassTimes();
    warning_ = std::exchange(warningNext_, {});  // what update() and ui() said this frame
    ImGui::PopTextWrapPos();
    const bool collapsed = ImGui::IsWindowCollapsed();
    overlayRight_ = collapsed ? 0.0f
                              : (ImGui::GetWindowPos().x + ImGui::GetWindowSize().x) *
                                    io.DisplayFramebufferScale.x;
    ImGui::End();
}

// The edits finished since the last call (a slider let go, Ctrl+R, the wheel), before
// update() sees them: each is printed as the --set that repeats it, or, where its declared
// cost makes the next frame slower than kAskAboveMs, held back until the learner says
// (drawAsk). The command line runs what it is told.
void Sample::askBeforeHeavyEdits() {
    const std::vector<Params::Edit> edits = params.takeFinishedEdits();
    for (const Params::Edit& edit : edits) {
        // A new edit of the parameter asked about answers the question: it is asked again,
        // or applied, below, on its own estimate.
        if (ask_ && ask_->edit.name == edit.name) ask_.reset();
        // What the frames cost at the value before: a point to scale from later. Paused
        // frames run no compute, so they say nothing about its cost: those before the pause
        // do, unless an edit was applied since (pausedAt_ is then empty).
        const FrameCost before = paused_ ? pausedAt_ : recentCost();
        const bool declared = params.costRatio(edit.name, edit.before) > 0.0;  // a cost
        if (declared && before.frameMs > 0.0 && frameMs_.size() >= 2)
            measured_[edit.name][edit.before] = {before, settingsBesides(edit.name, edits)};
        // Back to a default, never asked: the sample starts there, so a learner can always
        // return (an estimate from a nearly empty frame would say hours).
        std::string basis;  // what the estimate comes from, for the question
        const double estimate =
            params.backToDefault(edit)
                ? 0.0
                : estimateFrameMs(edit.name, std::strtod(edit.after.c_str(), nullptr), &basis);
        if (traceFrames() && declared)
            std::fprintf(stderr,
                         "%s: %s estimated at %.0f ms (frames of %.0f ms before, %.0f ms "
                         "of it GPU work)\n",
                         name_.c_str(), edit.assignment().c_str(), estimate, before.frameMs,
                         before.workMs);
        if (!headless_ && estimate > kAskAboveMs) {
            params.holdBack(edit);
            ask_ = {edit, estimate, basis, nearerValue(edit)};
            // The answers the question offers (drawAsk), in its order.
            std::vector<std::string> answers{
                estimate <= kApplyUpToMs ? "apply" : "run it from the command line",
                "keep " + edit.name + "=" + edit.before};
            if (!params.interactiveSettings().empty()) answers.push_back("make it interactive");
            if (!ask_->nearer.empty())
                answers.push_back("try " + edit.name + "=" + ask_->nearer + " first");
            std::fprintf(
                stderr, "%s: held back %s (%s per frame): %s%s?\n", name_.c_str(),
                edit.assignment().c_str(), aboutDuration(estimate).c_str(),
                estimate <= kApplyUpToMs ? "" : "too slow for a window: ", joined(answers).c_str());
            continue;
        }
        announceApplied(edit.assignment(), "");
        if (!paused_) busy_ = "applying " + edit.assignment();
    }
}

// The next frame's time with `name` at `value`, from the parameter's declared cost and the
// frames measured at other values of it, with the other parameters as they are now where
// there are any (a frame of nx=64 says little once ny and nz have changed). The frames' GPU
// work grows; the rest of them (the overlay, the swap) stays as it was.
// - One value measured: all of the work is taken to grow with the cost. Some of it does not
//   (a dispatch's overhead, nbody's draw and diagnostics beside its steps), so the estimate
//   is high: particles' count at its end read 8 s a frame for 0.6 s.
// - Two values or more (the nearest in cost, and the next one at least half again apart): the
//   work grows as it did between them, on the line through both, which tells the overhead
//   apart ("try N first", nearerValue, measures such a second value). The line is trusted
//   up to kLineReach times the larger cost measured, and the work grows with the cost
//   beyond: two frames of 1 and 4 bodies, all overhead, say nothing of a million.
// The growth from the nearest measure counts more the further it goes: 1.5 times for twice
// the cost, double from 4 times on. Work that outgrows the caches grows faster than its
// declared cost: cloth from 1024 x 64 to 1024 x 1024 points, 16 times the work, went from
// 185 ms to 5.0 s a frame on llvmpipe, 27 times; from 1024 x 300, 1.1 s, 4.5 times for 3.4.
// 0 for a parameter without a declared cost or measure.
double Sample::estimateFrameMs(const std::string& name, double value, std::string* basis) const {
    const auto it = measured_.find(name);
    if (it == measured_.end()) return 0.0;
    const std::string others = settingsBesides(name);
    const bool anyAlike = std::any_of(it->second.begin(), it->second.end(),
                                      [&](const auto& m) { return m.second.others == others; });
    // Each measure with the cost where it was measured, in units of the cost at `value`,
    // nearest first.
    struct Near {
        double cost;
        const std::string* value;
        const Measure* measure;
    };
    std::vector<Near> near;
    for (const auto& [measured, m] : it->second) {
        const double ratio = params.costRatio(name, std::strtod(measured.c_str(), nullptr), value);
        if (ratio > 0.0 && (!anyAlike || m.others == others))
            near.push_back({1.0 / ratio, &measured, &m});
    }
    if (near.empty()) return 0.0;
    std::sort(near.begin(), near.end(), [](const Near& a, const Near& b) {
        return std::abs(std::log(a.cost)) < std::abs(std::log(b.cost));
    });
    const double cost = near.front().cost;
    const Measure* nearest = near.front().measure;
    const double work = nearest->cost.workMs;
    const auto at = [&](const Near& n) {
        return name + "=" + *n.value + " (" + std::to_string(int(n.measure->cost.frameMs)) +
               " ms, " +
               std::to_string(int(std::min(n.measure->cost.workMs, n.measure->cost.frameMs))) +
               " ms of it GPU work)";
    };
    // The work per unit of cost, and the cost up to which it holds: through zero (all of the
    // work grows) from one measure, the line through two.
    double slope = work / cost, reach = 1.0;
    if (basis)
        *basis = "From the frames at " + at(near.front()) +
                 ", all of that work taken to grow as the declared cost of " + name +
                 ": part of it may not (a draw of fixed things, a dispatch's "
                 "overhead), and the frames may well be quicker.";
    for (const Near& n : near) {
        if (std::abs(std::log(n.cost / cost)) < std::log(1.5)) continue;
        slope = std::max(0.0, (work - n.measure->cost.workMs) / (cost - n.cost));
        reach = kLineReach * std::max(cost, n.cost);
        if (basis)
            *basis = "From the frames at " + at(near.front()) + " and at " + at(n) +
                     ": the GPU work grows as it did between them.";
        break;
    }
    double grown = work + slope * (std::min(1.0, reach) - cost);
    if (reach < 1.0) grown *= 1.0 / reach;  // past the line's reach, with the cost
    const double growth = (grown - work) * std::clamp(1.0 - 0.5 * std::log2(cost), 1.0, 2.0);
    return nearest->cost.fixedMs() + std::max(0.0, work + growth);
}

// Every parameter but `name`, as name=value, as they were before the edits of `batch` (a
// reset edits several at once): what a measure of `name` was made with.
std::string Sample::settingsBesides(const std::string& name,
                                    const std::vector<Params::Edit>& batch) const {
    std::string settings;
    for (const std::string& other : params.names()) {
        if (other == name) continue;
        const auto edited = std::find_if(batch.begin(), batch.end(),
                                         [&](const Params::Edit& e) { return e.name == other; });
        settings +=
            other + "=" + (edited != batch.end() ? edited->before : params.valueText(other));
        settings += " ";
    }
    return settings;
}

// A count between the edit's values whose frames the window can run (estimated at most
// kTryFirstMs): measured there, its frames are a nearer point to scale the next estimate
// toward the asked value from. An estimate scaled many times errs either way (particles'
// count scaled 64 times read 6.5 s a frame for 0.63 s; cloth's, 16 times, 3.0 s for 5.0 s),
// and one nearer measure makes the next one good. Empty for a value that is not a count, or
// where no count on the way is quick enough.
std::string Sample::nearerValue(const Params::Edit& edit) const {
    const auto isCount = [](const std::string& text) {
        return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
    };
    if (!isCount(edit.before) || !isCount(edit.after)) return {};
    double quick = std::stod(edit.before), slow = std::stod(edit.after);  // bisected, in counts
    while (std::abs(slow - quick) > 1.0) {
        const double middle = std::round((quick + slow) / 2.0);
        (estimateFrameMs(edit.name, middle) <= kTryFirstMs ? quick : slow) = middle;
    }
    // Two significant digits, rounded down: a value a learner reads at a glance (530000).
    const double unit = std::pow(10.0, std::max(0.0, std::floor(std::log10(quick)) - 1.0));
    quick = std::floor(quick / unit) * unit;
    return quick <= std::stod(edit.before) ? std::string() : std::to_string((long long)quick);
}

int Sample::partsFor(const std::string& pass, int most) {
    most = std::max(1, most);
    // This pass's last round, and what its latest part took: a pass of its own each, since a
    // sample may switch passes (flocking's searches) and come back to one timed in other parts.
    Round& last = rounds_[pass];
    const double lastPartMs = profiler_.latestMs(pass);
    const bool known = lastPartMs > 0.0 && last.most == most;
    const int lastParts = last.parts;
    last.most = most;
    if (headless_ || paused_) return last.parts = 1;
    // A round of a new size (`most` changed) or of a pass not timed yet runs in the most
    // parts: nothing says yet how long it takes (a flock 8 times larger steps 64 times
    // longer, and one part of it would hold the window as long).
    if (!known) {
        if (traceFrames())
            std::fprintf(stderr, "%s: %s in %d parts (not timed at this size yet)\n", name_.c_str(),
                         pass.c_str(), most);
        return last.parts = most;
    }
    const double roundMs = lastPartMs * lastParts;
    const double partMs = std::chrono::duration<double, std::milli>(Slices::kSlice).count();
    const int next = std::clamp(int(std::ceil(roundMs / partMs)), 1, most);
    spread_ = {pass, roundMs, next, next + 1};
    if (traceFrames() && next != lastParts)
        std::fprintf(stderr, "%s: %s in %d parts (the last round: %.0f ms in %d)\n", name_.c_str(),
                     pass.c_str(), next, roundMs, lastParts);
    return last.parts = next;
}

// The recent frames' wall-clock time, and the GPU time of the last frame's passes and draw,
// each the median of its recent times (FrameCost). A sample that computes only on a change has
// frames of the draw alone.
Sample::FrameCost Sample::recentCost() const {
    FrameCost cost{recentFrameMs(), profiler_.recentMs(kDrawPass)};
    if (profiler_.lastFrameAge() <= 1)
        for (const std::string& pass : profiler_.lastFramePasses())
            cost.workMs += profiler_.recentMs(pass) * profiler_.lastFrameRuns(pass);
    return cost;
}

// The whole round's time of work spread over frames (partsFor) while it runs in more than one
// part; 0 otherwise.
double Sample::spreadRoundMs() const {
    return spread_.framesLeft > 0 && spread_.parts > 1 ? spread_.roundMs : 0.0;
}

// The median of the last frames' wall-clock times (up to 8), 0 before the second frame.
double Sample::recentFrameMs() const {
    if (frameMs_.empty()) return 0.0;
    std::vector<float> recent(frameMs_.end() - std::min<std::ptrdiff_t>(8, frameMs_.size()),
                              frameMs_.end());
    std::nth_element(recent.begin(), recent.begin() + recent.size() / 2, recent.end());
    return recent[recent.size() / 2];
}

// The notes of the window, in a slot of fixed height below the controls: the value the last
// edit could not run, the slow-frame note (on above kSlowFrameMs, off below kFastAgainMs, so
// that it does not flicker) with its "make it interactive", and a passing notice (copied,
// reloaded). What comes and goes in the slot moves nothing around it.
void Sample::drawNotes() {
    if (headless_) return;
    const double median = recentFrameMs();
    // One frame of over a second says it at once: the median of 8 such frames would take
    // the learner 8 s or more to see the way out.
    const float last = frameMs_.empty() ? 0.0f : frameMs_.back();
    // Work spread over frames (partsFor) is as slow as its whole round, however quick each
    // frame is.
    const double spreadMs = spreadRoundMs();
    if ((frameMs_.size() >= 8 && median >= kSlowFrameMs) || last >= kVerySlowFrameMs ||
        spreadMs >= kSlowFrameMs)
        slow_ = true;
    if (median < kFastAgainMs && last < kVerySlowFrameMs && spreadMs < kFastAgainMs) slow_ = false;
    // The slot appears with the first note and stays from then on: a window that is never
    // slow and never refuses a value keeps the room, and once there it moves nothing again.
    const bool noticing = !notice_.empty() && nowSeconds() < noticeUntil_;
    notesShown_ = notesShown_ || slow_ || noticing || !refusal_.empty() || !warning_.empty();
    if (!notesShown_) return;
    const float line = ImGui::GetTextLineHeightWithSpacing();
    ImGui::BeginChild("##notes", ImVec2(0.0f, 2.0f * line + ImGui::GetFrameHeightWithSpacing()),
                      false);
    if (traceOverlay())
        std::fprintf(stderr, "%s: overlay notes at y=%.0f%s\n", name_.c_str(),
                     ImGui::GetCursorScreenPos().y, slow_ ? ", slow" : "");
    ImGui::PushTextWrapPos(0.0f);
    if (!warning_.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", warning_.c_str());
    if (!refusal_.empty())
        ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "undone: %s", refusal_.c_str());
    if (noticing) ImGui::TextColored(ImVec4(0.6f, 0.85f, 1, 1), "%s", notice_.c_str());
    if (slow_) drawSlowNote(std::max(median, double(last)));  // the last, if it is the slow one
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
}

// Frames slower than kSlowFrameMs: says so, and offers the sample's interactive settings with
// one click; they are named, so the learner knows what changed.
void Sample::drawSlowNote(double frameMs) {
    if (spreadRoundMs() > frameMs)
        ImGui::TextColored(ImVec4(1, 0.7f, 0.4f, 1),
                           "%s takes %.0f ms, spread over %d frames: this renderer is slow for "
                           "these settings.",
                           spread_.pass.c_str(), spread_.roundMs, spread_.parts);
    else
        ImGui::TextColored(ImVec4(1, 0.7f, 0.4f, 1),
                           "Frames take %.0f ms: this renderer is slow for these settings.",
                           frameMs);
    // The settings not in effect yet; none left, the button goes.
    const std::vector<std::string> settings = params.interactiveSettings();
    if (settings.empty()) {
        ImGui::TextDisabled("Space pauses the compute; the window stays quick.");
        return;
    }
    if (ImGui::Button("make it interactive")) makeInteractive();
    ImGui::SameLine();
    ImGui::TextDisabled("%s", joined(settings).c_str());
}

// An edit the window applies, said as the --set that repeats it (`how`: by which answer). The
// frames measured as Space paused are no longer those of the values in effect.
void Sample::announceApplied(const std::string& assignment, const char* how) {
    std::fprintf(stderr, "%s: --set %s%s\n", name_.c_str(), assignment.c_str(), how);
    pausedAt_ = {};
}

void Sample::makeInteractive() {
    const std::vector<std::string> settings = params.interactiveSettings();
    if (settings.empty()) return;
    params.setAll(settings);
    pausedAt_ = {};
    std::fprintf(stderr, "%s: made interactive: %s\n", name_.c_str(), joined(settings).c_str());
    busy_ = "applying " + joined(settings);
}

// An edit whose estimated frame time passed kAskAboveMs, held back: the window asks before it
// runs it, over the middle of the picture.
void Sample::drawAsk() {
    if (!ask_) return;
    const ImGuiIO& io = ImGui::GetIO();
    // In the middle of the picture beside the overlay, where there is room for it: the
    // slider asked about stays in sight and within reach (dragged again, it answers the
    // question). A window too narrow for both has it in its middle.
    const float overlayRight = overlayRight_ / std::max(io.DisplayFramebufferScale.x, 1.0f);
    const float beside = io.DisplaySize.x - overlayRight;
    const bool room = beside >= 360.0f * io.FontGlobalScale;
    const float wrap =
        std::min(520.0f * io.FontGlobalScale, (room ? beside : io.DisplaySize.x) - 40.0f);
    ImGui::SetNextWindowPos(ImVec2(room ? overlayRight + 0.5f * beside : 0.5f * io.DisplaySize.x,
                                   0.5f * io.DisplaySize.y),
                            ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowBgAlpha(0.95f);
    ImGui::Begin("apply this change?", nullptr,
                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoSavedSettings);
    const Params::Edit& edit = ask_->edit;
    ImGui::PushTextWrapPos(wrap);  // every text of the question wraps there
    ImGui::Text("%s: %s per frame on this driver", edit.assignment().c_str(),
                aboutDuration(ask_->estimateMs).c_str());
    // Paused, the frames draw only: the estimate comes from those before the pause.
    ImGui::TextDisabled("%s", ask_->basis.c_str());
    // Each choice in a colour of its own: amber runs the slow frames, green keeps the window
    // as it is, blue offers the interactive settings, teal measures a value on the way.
    const auto button = [](const std::string& label, ImVec4 colour) {
        ImGui::PushStyleColor(ImGuiCol_Button, colour);
        ImGui::PushStyleColor(ImGuiCol_ButtonHovered, colour);
        const bool pressed = ImGui::Button(label.c_str());
        ImGui::PopStyleColor(2);
        return pressed;
    };
    const Params::Edit shown = edit;  // ask_ may go below
    if (ask_->estimateMs <= kApplyUpToMs) {
        if (button("apply", ImVec4(0.62f, 0.42f, 0.10f, 1.0f))) {
            params.set(shown.name, shown.after);
            announceApplied(shown.assignment(), "");
            busy_ = "applying " + shown.assignment();
            ask_.reset();
        }
    } else {
        // Purple: runs it elsewhere. The window stays as it is.
        ImGui::TextUnformatted(
            "Too slow to apply here: at that pace, the window could neither redraw nor act on "
            "Esc for that long. The command line runs it.");
        if (button("copy its command line", ImVec4(0.45f, 0.30f, 0.60f, 1.0f))) {
            copyCommandLine(shown);
            ask_.reset();
        }
    }
    ImGui::SameLine();
    if (button("keep " + shown.name + "=" + shown.before, ImVec4(0.20f, 0.55f, 0.30f, 1.0f))) {
        std::fprintf(stderr, "%s: kept %s=%s\n", name_.c_str(), shown.name.c_str(),
                     shown.before.c_str());
        ask_.reset();
    }
    // The interactive settings instead of the change: named, and what becomes of the change.
    if (const std::vector<std::string> settings = params.interactiveSettings(); !settings.empty()) {
        const bool instead = std::any_of(settings.begin(), settings.end(), [&](const auto& s) {
            return s.rfind(shown.name + "=", 0) == 0;
        });
        ImGui::SameLine();
        if (button("make it interactive", ImVec4(0.20f, 0.38f, 0.65f, 1.0f))) {
            if (!instead)
                std::fprintf(stderr, "%s: kept %s=%s\n", name_.c_str(), shown.name.c_str(),
                             shown.before.c_str());
            makeInteractive();
            ask_.reset();
        }
        if (instead)
            ImGui::TextDisabled("make it interactive: %s instead", joined(settings).c_str());
        else
            ImGui::TextDisabled("make it interactive: %s, and %s stays %s",
                                joined(settings).c_str(), shown.name.c_str(), shown.before.c_str());
    }
    // A value on the way, measured first, makes the next estimate toward the asked one good.
    if (const std::string nearer = ask_ ? ask_->nearer : std::string(); !nearer.empty()) {
        const std::string tried = shown.name + "=" + nearer;
        if (button("try " + tried + " first", ImVec4(0.15f, 0.50f, 0.50f, 1.0f))) {
            params.set(shown.name, nearer);
            announceApplied(tried, " (tried first)");
            busy_ = "applying " + tried;
            ask_.reset();
        }
        ImGui::TextDisabled("then %s again: its estimate scales from what that measures",
                            shown.assignment().c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::End();
}

// The GPU time of each pass of the last frame that ran any, and of this frame's draw: each row
// says what it covers, and the numbers have a column of their own that no name can cut.
void Sample::drawPassTimes() {
    const int age = profiler_.lastFrameAge();
    const std::string title =
        age <= 1 ? "GPU time per frame, by pass"
                 : "GPU time of the last change, " + std::to_string(age) + " frames ago";
    if (!ImGui::CollapsingHeader((title + "###passes").c_str(), ImGuiTreeNodeFlags_DefaultOpen))
        return;
    // The numbers never wrap: their column takes the width they need (the overlay's wrapping
    // would otherwise cut them at the column's edge).
    ImGui::PushTextWrapPos(-1.0f);
    // The rows first, so that the numbers' column is as wide as this frame's widest (a column
    // fitted to the last frame's cuts a number that just grew a digit).
    std::vector<std::pair<std::string, std::string>> rows;
    for (const std::string& pass : profiler_.lastFramePasses()) {
        const int runs = profiler_.lastFrameRuns(pass);
        const double ms = profiler_.latestMs(pass);
        if (runs > 1)  // e.g. a step run steps_per_frame times
            rows.emplace_back(
                pass, msText(ms) + " x " + std::to_string(runs) + " = " + msText(ms * runs));
        else
            rows.emplace_back(pass, msText(ms));
    }
    if (profiler_.timesDraw())
        rows.emplace_back("draw (render(), this frame)", msText(profiler_.latestMs(kDrawPass)));
    float widest = 0.0f;
    for (const auto& r : rows) widest = std::max(widest, ImGui::CalcTextSize(r.second.c_str()).x);
    if (ImGui::BeginTable("##passes", 2, ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("pass", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn("ms", ImGuiTableColumnFlags_WidthFixed, widest);
        const auto row = [](const std::string& name, const std::string& figure) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            // A long name wraps in its own column (wrap position 0: the cell's edge) rather
            // than running into the number.
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextUnformatted(name.c_str());
            ImGui::PopTextWrapPos();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(figure.c_str());
        };
        for (const auto& [pass, figure] : rows) row(pass, figure);
        ImGui::EndTable();
    }
    ImGui::PopTextWrapPos();
    if (profiler_.method() == GpuProfiler::Method::FinishAndClock)
        ImGui::TextDisabled("timed with glFinish: timer queries miss compute here");
}

void Sample::copyCommandLine(const Params::Edit& with) {
    const std::string line = name_ + params.commandLine(with);
    if (GLFWwindow* window = context_->window()) glfwSetClipboardString(window, line.c_str());
    std::fprintf(stderr, "%s\n", line.c_str());
    notice("copied to the clipboard: " + line);
}

void Sample::notice(std::string text) {
    notice_ = std::move(text);
    noticeUntil_ = nowSeconds() + kNoticeSeconds;
}

// F1: every key and mouse control, drawn with the overlay hidden too.
void Sample::drawHelp() {
    const ImGuiIO& io = ImGui::GetIO();
    // Beside the overlay, never over it: the controls stay in sight while the help is read.
    const float overlayRight = overlayRight_ / std::max(io.DisplayFramebufferScale.x, 1.0f);
    ImGui::SetNextWindowPos(ImVec2(overlayRight + 10.0f, 10.0f), ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.9f);
    ImGui::Begin("keys and mouse (F1 hides)", nullptr,
                 ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse);
    const auto row = [](const std::string& key, const std::string& effect) {
        ImGui::TextColored(ImVec4(0.6f, 0.85f, 1, 1), "%s", key.c_str());
        ImGui::SameLine(190.0f * ImGui::GetIO().FontGlobalScale);
        ImGui::TextUnformatted(effect.c_str());
    };
    for (const KeyHelp& k : kKeys) row(k.key, k.effect);
    if (cameraInUse_) {
        ImGui::Separator();
        for (const KeyHelp& k : kCameraControls) row(k.key, k.effect);
    }
    const auto own = mouseHelp();
    if (!own.empty()) ImGui::Separator();
    for (const auto& [what, effect] : own) row(what, effect);
    ImGui::End();
}

// What the next update() will be busy with, over the middle of the picture.
void Sample::drawBusy() {
    if (busy_.empty()) return;
    const ImGuiIO& io = ImGui::GetIO();
    const std::string text = busy_ + " ...";
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const ImVec2 centre(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f);
    const float pad = 10.0f * io.FontGlobalScale;
    const ImVec2 textAt(centre.x - size.x * 0.5f, centre.y - size.y * 0.5f);
    const ImVec2 boxMin(textAt.x - pad, textAt.y - pad);
    const ImVec2 boxMax(textAt.x + size.x + pad, textAt.y + size.y + pad);
    const ImU32 amber = IM_COL32(255, 220, 120, 255);
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(boxMin, boxMax, IM_COL32(20, 20, 28, 230), 4.0f);
    draw->AddRect(boxMin, boxMax, amber, 4.0f);
    draw->AddText(textAt, amber, text.c_str());
}

Rect Sample::freeArea() const {
    if (options_.noUi) return {0.0f, 0.0f, float(width_), float(height_)};
    const float left = std::min(overlayRight_, 0.5f * float(width_));
    return {left, 0.0f, float(width_) - left, float(height_)};
}

// Keys and mouse, windowed only. Keys typed into an overlay text field are the field's; a
// press on the overlay is the overlay's, one the sample wants (wantsDrag) the sample's, and
// any other moves the camera of a sample that has one.
void Sample::handleInput() {
    if (!input_) return;
    const bool typing = overlay_->wantsKeyboard();
    const bool overOverlay = overlay_->wantsMouse();
    for (const WindowInput::Event& e : input_->take()) {
        using Type = WindowInput::Event::Type;
        switch (e.type) {
            case Type::Key:
                if (!typing) onKey(e.key, e.mods);
                break;
            case Type::Press:
                drag_ = overOverlay           ? Drag::Overlay
                        : wantsDrag(e.x, e.y) ? Drag::Sample
                        : cameraInUse_        ? Drag::Camera
                                              : Drag::None;
                cursorX_ = e.x, cursorY_ = e.y;
                break;
            case Type::Move:
                if (drag_ == Drag::Camera)
                    camera_.orbit(float(e.x - cursorX_), float(e.y - cursorY_));
                cursorX_ = e.x, cursorY_ = e.y;
                break;
            case Type::Release:
                drag_ = Drag::None;
                break;
            case Type::Wheel:
                if (overOverlay || !cameraInUse_) break;
                if (zoom_)
                    params.scaleBy(zoom_, std::pow(1.1f, float(e.y)));
                else
                    camera_.zoom(float(e.y));
                break;
        }
    }
}

void Sample::onKey(int key, int mods) {
    const bool ctrl = (mods & GLFW_MOD_CONTROL) != 0;
    const bool plain = (mods & (GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER)) == 0;
    if (key == GLFW_KEY_ESCAPE) glfwSetWindowShouldClose(context_->window(), 1);
    if (key == GLFW_KEY_R && ctrl) params.resetAll();
    if (key == GLFW_KEY_R && plain) reloadShaders();
    if (key == GLFW_KEY_SPACE && plain) {
        if (!paused_) pausedAt_ = recentCost();  // what the compute cost (askBeforeHeavyEdits)
        paused_ = !paused_;
    }
    if (key == GLFW_KEY_N && plain && paused_) stepOnce_ = true;
    if (key == GLFW_KEY_F1) showHelp_ = !showHelp_;
    if (key == GLFW_KEY_F2) shotRequested_ = true;
    if (key == GLFW_KEY_HOME && cameraInUse_) {
        camera_.reset();
        if (zoom_) params.reset(zoom_);
    }
}

// R: a failed reload keeps the last good program. The overlay shows the whole log; stderr
// one line, and the log with CS_GL_DEBUG=1.
void Sample::reloadShaders() {
    reloadError_ = Program::reloadAll();
    std::fprintf(
        stderr, "%s: %s\n", name_.c_str(),
        reloadError_.empty() ? "shaders reloaded" : firstShaderError(reloadError_).c_str());
    if (reloadError_.empty()) notice("shaders reloaded");
    if (!reloadError_.empty() && strictGlDebug())
        std::fprintf(stderr, "%s\n", reloadError_.c_str());
    shadersReloaded();
}

// The frame target as it is now, overlay included, top row first and opaque, as the window
// shows it.
Image Sample::readFrame() const {
    Image image;
    image.width = width_;
    image.height = height_;
    image.rgba.resize(size_t(width_) * height_ * 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, offscreen_ ? offscreen_.id() : 0);
    glReadBuffer(offscreen_ ? GL_COLOR_ATTACHMENT0 : GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
    for (size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
    return flipRows(image);  // GL rows run bottom-up
}

// The frame for --screenshot; written only once the run has succeeded.
void Sample::captureScreenshot() {
    screenshot_ = readFrame();
}

// F2: the window as shown, to out/<sample>-<n>.png under the working directory, <n> the next
// free number. A failure is one line on stderr; the window goes on.
void Sample::writeWindowShot() {
    shotRequested_ = false;
    namespace fs = std::filesystem;
    try {
        std::error_code error;
        fs::create_directories("out", error);
        if (error) throw Error("out: cannot create the directory (" + error.message() + ")");
        std::string path;
        for (int n = 1; path.empty() || fs::exists(path); ++n)
            path = "out/" + name_ + "-" + std::to_string(n) + ".png";
        writeFileAtomic(path, encodePng(readFrame()));
        std::fprintf(stderr, "%s: wrote %s\n", name_.c_str(), path.c_str());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: F2: %s\n", name_.c_str(), e.what());
    }
}

double Sample::benchMedianMs(const std::string& pass) const {
    auto it = profiler_.samples().find(pass);
    return it == profiler_.samples().end() ? 0.0 : summarize(it->second).medianMs;
}

void Sample::reportBench() {
    BenchReport report;
    report.sample = name_;
    report.device = deviceName();
    report.glVersion = glVersion();
    report.timing = profiler_.methodName();
    for (const std::string& name : params.names()) report.params[name] = params.valueText(name);
    for (const std::string& name : flags.names())
        report.params["--" + name] = flags.valueText(name);
    report.calibration = calibration_;
    // A pass that ran only before the timed frames (once, at the start) has no times to report.
    for (const std::string& pass : profiler_.passNames())
        if (const auto it = profiler_.samples().find(pass); it != profiler_.samples().end())
            report.passes.emplace_back(pass, summarize(it->second));
    report.figures = benchFigures(calibration_);
    benchText_ = benchText(report);
    if (!options_.benchJson.empty()) queueOutput(options_.benchJson, benchJson(report));
}

}  // namespace cs
