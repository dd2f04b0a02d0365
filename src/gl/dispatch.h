#pragma once
// Sizing a compute dispatch: how many work groups cover a range of items.
#include <cstdint>
#include <glm/glm.hpp>

#include "gl/gl.h"

namespace cs {

// The most work groups one glDispatchCompute may launch along `axis` (0 = x, 1 = y, 2 = z):
// GL_MAX_COMPUTE_WORK_GROUP_COUNT. The spec's minimum is 65535; desktop GPUs allow up to
// 2^31 - 1 along x, while Mesa's llvmpipe stays at 65535.
GLuint maxGroupCount(int axis);

// The work groups of `localSize` invocations that cover `items` along `axis`, rounded up, so
// the last group may overhang and the shader must skip invocations past the end. A count
// beyond maxGroupCount(axis) would make glDispatchCompute fail with GL_INVALID_VALUE and do
// nothing, so it throws cs::Error naming the limit instead. Program::groupsFor is the usual
// way in: it takes the local size from the shader.
GLuint groupCount(std::uint64_t items, GLuint localSize, int axis);

// Work groups of `localSize` invocations that cover `items`, for shaders that number their
// invocations with linearItem() (shaders/common/linear_item.glsl): along x up to the GL's
// limit, then on in rows along y. Throws cs::Error past what one dispatch can launch.
// Program::itemGroupsFor takes the local size from the shader.
glm::uvec3 itemGroups(std::uint64_t items, GLuint localSize);

}  // namespace cs
