#include "gl/debug.h"

#include <atomic>
#include <cstdio>
#include <mutex>

#include "gl/gl.h"

namespace cs {
namespace {

// Without GL_DEBUG_OUTPUT_SYNCHRONOUS a driver may call back from a thread of its own.
std::mutex tallyMutex;
struct Tally {
    int count = 0;
    std::string first;
    void add(const char* message) {
        if (count++ == 0) first = message;
    }
};
Tally highSeverity, errors;
bool printEverything = false;
// QuietDebugOutput objects alive. Atomic: outside them a driver thread may read it.
std::atomic<int> quietScopes{0};

const char* typeName(GLenum type) {
    switch (type) {
        case GL_DEBUG_TYPE_ERROR:
            return "error";
        case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR:
            return "deprecated";
        case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR:
            return "undefined behaviour";
        case GL_DEBUG_TYPE_PORTABILITY:
            return "portability";
        case GL_DEBUG_TYPE_PERFORMANCE:
            return "performance";
        default:
            return "other";
    }
}

void GLAPIENTRY onDebugMessage(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei,
                               const GLchar* message, const void*) {
    // Notifications (buffer placement hints and the like) and our own debug-group markers
    // are noise. Shader compiler messages are reported by Program with the real file and
    // line, so here they would only repeat, with the line numbers of the combined source.
    if (severity == GL_DEBUG_SEVERITY_NOTIFICATION || type == GL_DEBUG_TYPE_PUSH_GROUP ||
        type == GL_DEBUG_TYPE_POP_GROUP || source == GL_DEBUG_SOURCE_SHADER_COMPILER)
        return;
    const bool high = severity == GL_DEBUG_SEVERITY_HIGH, error = type == GL_DEBUG_TYPE_ERROR;
    {
        const std::lock_guard<std::mutex> lock(tallyMutex);
        if (high) highSeverity.add(message);
        if (error) errors.add(message);
    }
    if (!printEverything && ((!high && !error) || quietScopes > 0)) return;
    const char* level = high ? "high" : severity == GL_DEBUG_SEVERITY_MEDIUM ? "medium" : "low";
    std::fprintf(stderr, "GL %s (%s, id %u): %s\n", typeName(type), level, id, message);
}

}  // namespace

void enableDebugOutput(const DebugOutputConfig& config) {
    printEverything = config.everything;
    glEnable(GL_DEBUG_OUTPUT);
    if (config.synchronous) glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(onDebugMessage, nullptr);
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
}

int highSeverityMessageCount() {
    const std::lock_guard<std::mutex> lock(tallyMutex);
    return highSeverity.count;
}
std::string firstHighSeverityMessage() {
    const std::lock_guard<std::mutex> lock(tallyMutex);
    return highSeverity.first;
}
int errorMessageCount() {
    const std::lock_guard<std::mutex> lock(tallyMutex);
    return errors.count;
}
std::string firstErrorMessage() {
    const std::lock_guard<std::mutex> lock(tallyMutex);
    return errors.first;
}

QuietDebugOutput::QuietDebugOutput() : wasSynchronous_(glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS)) {
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    ++quietScopes;
}
QuietDebugOutput::~QuietDebugOutput() {
    --quietScopes;
    if (!wasSynchronous_) glDisable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
}

DebugGroup::DebugGroup(const char* name) {
    glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 0, -1, name);
}
DebugGroup::~DebugGroup() {
    glPopDebugGroup();
}

}  // namespace cs
