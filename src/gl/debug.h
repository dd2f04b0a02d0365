#pragma once
// KHR_debug (core in OpenGL 4.3): the driver reports errors, performance warnings and
// undefined behaviour as messages. Errors and high-severity messages always reach stderr;
// the rest (performance hints, which some drivers send on every readback) only when asked
// for, with CS_GL_DEBUG=1.
#include <string>

namespace cs {

struct DebugOutputConfig {
    // Deliver each message inside the GL call that caused it, so a debugger's stack trace
    // points at the culprit. Slower; on in test runs.
    bool synchronous = false;
    // Print medium- and low-severity messages too, not only errors and high severity.
    bool everything = false;
};

void enableDebugOutput(const DebugOutputConfig& config);

// Number of high-severity messages (GL errors, undefined behaviour) seen so far, and the
// first of them. A test run fails when this is not zero.
int highSeverityMessageCount();
std::string firstHighSeverityMessage();

// Number of GL errors (GL_DEBUG_TYPE_ERROR, any severity) seen so far, and the first of them.
// Every run fails when this is not zero: the commands that raised them did nothing.
int errorMessageCount();
std::string firstErrorMessage();

// While one lives, the driver's messages are counted as always but printed only when
// everything is asked for (CS_GL_DEBUG=1), and delivered synchronously, so that none
// arrives after it. For a shader's compile and link: Program reports a failure itself, as
// one line naming the file and line, and the driver's account of it would only add lines.
class QuietDebugOutput {
public:
    QuietDebugOutput();
    ~QuietDebugOutput();
    QuietDebugOutput(const QuietDebugOutput&) = delete;
    QuietDebugOutput& operator=(const QuietDebugOutput&) = delete;

private:
    bool wasSynchronous_;
};

// Names the next GL section in debugger captures (glPushDebugGroup / glPopDebugGroup).
class DebugGroup {
public:
    explicit DebugGroup(const char* name);
    ~DebugGroup();
    DebugGroup(const DebugGroup&) = delete;
    DebugGroup& operator=(const DebugGroup&) = delete;
};

}  // namespace cs
