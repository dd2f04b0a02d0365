#include "app/sample.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <stdexcept>

#include "app/overlay.h"
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

// CS_GL_DEBUG=1 (set by the test suite) asks for a debug context with synchronous
// messages, prints every driver message (not only errors and high severity), and makes any
// high-severity message fail the run, not only GL errors.
bool strictGlDebug() {
    const char* value = std::getenv("CS_GL_DEBUG");
    return value && std::string(value) == "1";
}

}  // namespace

Sample::Sample(std::string name, std::string summary)
    : name_(std::move(name)), summary_(std::move(summary)) {}

Sample::~Sample() = default;

int Sample::run(int argc, char** argv) {
    const char* stage = "reading the command line";  // for an out-of-memory message
    try {
        std::vector<std::string> flagNames;
        for (const std::string& flag : flags.names()) flagNames.push_back("--" + flag);
        options_ = parseOptions(argc, argv, flagNames);
        if (options_.help) {
            printHelp();
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
            options_.input.empty() ? "" : ", with --input " + quoted(options_.input);
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
    overlay_ = std::make_unique<Overlay>(context_->window(), context_->contentScale());
    // handleKeys() polls once a frame. Sticky keys make glfwGetKey report a press released
    // again before the poll, so a quick tap during a slow frame is not lost.
    if (GLFWwindow* window = context_->window())
        glfwSetInputMode(window, GLFW_STICKY_KEYS, GLFW_TRUE);
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
        frame(fixedDt_ ? kFixedDt : wallDt, frames != 0 && i == frames - 1);
    }
    profiler_.collectAll();
}

void Sample::frame(double dt, bool last) {
    context_->pollEvents();
    handleKeys();
    // Closing the window (or Esc) ends the run after this frame, which makes it the last
    // one: the frame --screenshot writes when no --frames count was given.
    last = last || context_->shouldClose();
    context_->framebufferSize(width_, height_);
    try {
        update(dt);
        params.keepEdits();
    } catch (const Error& e) {
        // A value set in the overlay that this device cannot run (more work groups than it
        // dispatches, a buffer larger than it binds) is undone, and the overlay says why.
        // Anything else, and every error of a run without a window, ends the run.
        if (headless_ || !params.undoEdits()) throw;
        refusal_ = e.what();
        update(dt);
    }
    bindFrameTarget();
    glClearColor(0.08f, 0.08f, 0.1f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    render();
    if (!options_.noUi) drawOverlay(dt);
    profiler_.collect();
    if (last && !options_.screenshot.empty()) captureScreenshot();
    context_->swapBuffers();
}

void Sample::drawOverlay(double dt) {
    bindFrameTarget();
    overlay_->beginFrame(width_, height_, dt);
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowBgAlpha(0.75f);  // the sample's picture stays visible behind it
    ImGui::Begin(name_.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize);
    ImGui::TextUnformatted(deviceName().c_str());
    if (fixedDt_)
        ImGui::Text("fixed time step %.2f ms", dt * 1000.0);
    else
        ImGui::Text("%.2f ms/frame (%.0f fps)", dt * 1000.0, dt > 0 ? 1.0 / dt : 0.0);
    for (const std::string& pass : profiler_.passNames())
        ImGui::Text("GPU %-16s %8.3f ms", pass.c_str(), profiler_.latestMs(pass));
    if (profiler_.method() == GpuProfiler::Method::FinishAndClock)
        ImGui::TextDisabled("timed with glFinish: timer queries miss compute here");
    ImGui::Separator();
    if (params.drawUi()) refusal_.clear();
    if (!refusal_.empty())
        ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "undone: %s", refusal_.c_str());
    ui();
    if (!headless_) {
        ImGui::Separator();
        ImGui::TextDisabled("R: reload shaders   Esc: quit");
        if (!reloadError_.empty())
            ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", reloadError_.c_str());
    }
    const bool collapsed = ImGui::IsWindowCollapsed();
    overlayRight_ = collapsed ? 0.0f
                              : (ImGui::GetWindowPos().x + ImGui::GetWindowSize().x) *
                                    ImGui::GetIO().DisplayFramebufferScale.x;
    ImGui::End();
    overlay_->endFrame();
}

Rect Sample::freeArea() const {
    if (options_.noUi) return {0.0f, 0.0f, float(width_), float(height_)};
    const float left = std::min(overlayRight_, 0.5f * float(width_));
    return {left, 0.0f, float(width_) - left, float(height_)};
}

void Sample::handleKeys() {
    GLFWwindow* window = context_->window();
    if (!window) return;
    // Read both keys every frame, even while typing into the overlay, so that a sticky
    // press that went to ImGui (Esc cancelling an edit) is used up, not acted on later.
    const bool escapeDown = glfwGetKey(window, GLFW_KEY_ESCAPE) == GLFW_PRESS;
    const bool reloadDown = glfwGetKey(window, GLFW_KEY_R) == GLFW_PRESS;
    const bool forUs = !overlay_->wantsKeyboard();
    if (forUs && escapeDown) glfwSetWindowShouldClose(window, 1);
    // Hot reload on the press, not while held. A failed reload keeps the last good program.
    if (forUs && reloadDown && !reloadKeyDown_) {
        // The overlay shows the whole log; stderr one line, and the log with CS_GL_DEBUG=1.
        reloadError_ = Program::reloadAll();
        std::fprintf(
            stderr, "%s\n",
            reloadError_.empty() ? "shaders reloaded" : firstShaderError(reloadError_).c_str());
        if (!reloadError_.empty() && strictGlDebug())
            std::fprintf(stderr, "%s\n", reloadError_.c_str());
        shadersReloaded();
    }
    reloadKeyDown_ = reloadDown;
}

// The frame as it is now, for --screenshot; written only once the run has succeeded.
void Sample::captureScreenshot() {
    Image image;
    image.width = width_;
    image.height = height_;
    image.rgba.resize(size_t(width_) * height_ * 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, offscreen_ ? offscreen_.id() : 0);
    glReadBuffer(offscreen_ ? GL_COLOR_ATTACHMENT0 : GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
    // The screenshot shows what is on screen, so make it opaque like the window is.
    for (size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
    screenshot_ = flipRows(image);  // GL rows run bottom-up
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
