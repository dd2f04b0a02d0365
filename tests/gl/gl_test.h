#pragma once
// Base fixture for tests that need the GL context made in main.cpp: a test fails when it
// raises a high-severity KHR_debug message (or leaves a GL error set) that it did not expect.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "gl/debug.h"
#include "gl/gl.h"
#include "support/error_from.h"
#include "util/error.h"

namespace cs::test {

class GlTest : public ::testing::Test {
protected:
    void SetUp() override { messagesBefore_ = highSeverityMessageCount(); }

    void TearDown() override {
        EXPECT_EQ(highSeverityMessageCount(), messagesBefore_ + expectedMessages_)
            << "first high-severity GL message of this run: " << firstHighSeverityMessage();
        // The debug callback sees every error; the error flag must still be clear, because a
        // later glGetError in sample code would otherwise report it against the wrong call.
        EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    }

    // For a test that provokes high-severity messages on purpose.
    void expectHighSeverityMessages(int count) { expectedMessages_ += count; }

private:
    int messagesBefore_ = 0;
    int expectedMessages_ = 0;
};

template <typename T>
class GlTestWithParam : public GlTest, public ::testing::WithParamInterface<T> {};

inline bool startsWith(const std::string& text, const std::string& prefix) {
    return text.compare(0, prefix.size(), prefix) == 0;
}

// What glGetObjectLabel returns for an object.
inline std::string objectLabel(GLenum identifier, GLuint id) {
    char label[256] = {};
    GLsizei length = 0;
    glGetObjectLabel(identifier, id, sizeof label, &length, label);
    return std::string(label, length);
}

}  // namespace cs::test
