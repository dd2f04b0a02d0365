// Shared by the bin sort's passes (src/compute/bin_sort.h): one invocation per item, the
// items' keys, and the bins they fall in.
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 256
#endif
layout(local_size_x = LOCAL_SIZE) in;

layout(std430, binding = 0) readonly buffer Keys { uint keys[]; };

uniform uint count;  // items
uniform uint bins;

// Item i's bin: its key, where a key past the last bin counts as the last bin, so that no
// key can send a write outside the buffers.
uint binOf(uint i) { return min(keys[i], bins - 1u); }
