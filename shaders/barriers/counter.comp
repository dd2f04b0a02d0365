#version 430
// Every invocation adds 1 to one counter and keeps the value it found there as its ticket.
// Done right, the tickets are 0, 1, ..., N-1, each handed out once, and the counter ends at N.
//   MODE 0: a plain read and write of a storage buffer: invocations that read the same value
//           write the same sum, and increments are lost.
//   MODE 1: atomicAdd on the same buffer word.
//   MODE 2: an atomic counter, atomicCounterIncrement on an atomic_uint: the same word, bound
//           as GL_ATOMIC_COUNTER_BUFFER, at byte offset 4 of binding point 0.
// The word before the counter (byte offset 0) is a canary nobody may touch.
// MODE and GROUP_SIZE are defined by the sample; the defaults let the file compile alone.
#ifndef MODE
#define MODE 1
#endif
#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = 0) writeonly buffer Tickets { uint tickets[]; };
#if MODE == 2
layout(binding = 0, offset = 4) uniform atomic_uint counter;
#else
layout(std430, binding = 1) buffer Counter {
    uint canary;   // byte offset 0
    uint counter;  // byte offset 4
};
#endif

void main() {
#if MODE == 0
    uint ticket = counter;  // counter += 1 is a read...
    counter = ticket + 1u;  // ...and a later write: others may write in between
#elif MODE == 1
    uint ticket = atomicAdd(counter, 1u);  // read, add and write as one: returns the old value
#else
    uint ticket = atomicCounterIncrement(counter);  // the same, for an atomic_uint
#endif
    tickets[gl_GlobalInvocationID.x] = ticket;  // whole groups are dispatched: no overhang
}
