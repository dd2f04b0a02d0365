#include "gl/dispatch.h"

#include <string>

#include "util/error.h"

namespace cs {

GLuint maxGroupCount(int axis) {
    GLint count = 0;
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, GLuint(axis), &count);
    return GLuint(count);
}

GLuint groupCount(std::uint64_t items, GLuint localSize, int axis) {
    const std::uint64_t groups = (items + localSize - 1) / localSize;
    const GLuint limit = maxGroupCount(axis);
    if (groups > limit)
        throw Error(std::to_string(items) + " items along " + "xyz"[axis] + " in groups of " +
                    std::to_string(localSize) + " need " + std::to_string(groups) +
                    " work groups; this GL dispatches at most " + std::to_string(limit) +
                    " (use fewer, or larger groups)");
    return GLuint(groups);
}

}  // namespace cs
