#include "gl/dispatch.h"

#include <algorithm>
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

glm::uvec3 itemGroups(std::uint64_t items, GLuint localSize) {
    const std::uint64_t groups = (items + localSize - 1) / localSize;
    const std::uint64_t maxX = maxGroupCount(0);
    const std::uint64_t rows = (groups + maxX - 1) / maxX;
    // groupCount throws, naming the limit, where the rows pass the GL's limit along y.
    return {GLuint(std::min(groups, maxX)), groupCount(rows, 1, 1), 1u};
}

}  // namespace cs
