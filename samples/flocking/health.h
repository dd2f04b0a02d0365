#pragma once
// The flock's health flag (shaders/flocking/health.glsl), robustness beside the lesson: the
// first step that made a member's position or velocity inf or NaN, which the update marks
// with atomicMin. A run whose flock overflowed float fails naming that step, writing nothing.
#include "gl/objects.h"

namespace flocking {

// A flag that no step has marked yet (0xFFFFFFFF); the context is current.
cs::Buffer healthFlag();

// Throws cs::Error naming the first step that overflowed, if one did. Reads the flag back and
// waits for the GPU: for the end of a run (finish()), after a BUFFER_UPDATE barrier.
void requireHealthy(const cs::Buffer& flag);

}  // namespace flocking
