#version 430
// Every invocation writes down who it is: its gl_LocalInvocationID, gl_WorkGroupID and
// gl_LocalInvocationIndex, into the record at its place in the whole dispatch.
//
// The local size comes one of two ways:
// - VARIABLE_SIZE 0: fixed when the shader is compiled, LOCAL_X x LOCAL_Y x LOCAL_Z (the
//   sample defines them and builds a program per size); gl_WorkGroupSize holds it.
// - VARIABLE_SIZE 1: ARB_compute_variable_group_size. The shader says local_size_variable and
//   the size comes with each glDispatchComputeGroupSizeARB; gl_LocalGroupSizeARB holds it
//   (gl_WorkGroupSize is then a compile error: there is no size at compile time).
// The defaults let the file compile on its own.
#ifndef VARIABLE_SIZE
#define VARIABLE_SIZE 0
#endif
#if VARIABLE_SIZE
#extension GL_ARB_compute_variable_group_size : require
layout(local_size_variable) in;
#define GROUP_SIZE gl_LocalGroupSizeARB
#else
#ifndef LOCAL_X
#define LOCAL_X 32
#define LOCAL_Y 16
#define LOCAL_Z 1
#endif
layout(local_size_x = LOCAL_X, local_size_y = LOCAL_Y, local_size_z = LOCAL_Z) in;
#define GROUP_SIZE gl_WorkGroupSize
#endif

// 32 bytes, mirrored by workgroups::Record (std430: eight uints, no padding).
struct Record {
    uint localX, localY, localZ;  // gl_LocalInvocationID
    uint groupX, groupY, groupZ;  // gl_WorkGroupID
    uint localIndex;              // gl_LocalInvocationIndex
    uint zero;
};
layout(std430, binding = 0) writeonly buffer Records { Record records[]; };

void main() {
    // The dispatch spans gl_NumWorkGroups * GROUP_SIZE invocations along each axis: exactly the
    // groups the sample asked for, so there is no overhang to skip. Records are kept x fastest,
    // then y, then z: the order --output writes.
    uvec3 extent = gl_NumWorkGroups * GROUP_SIZE;
    uvec3 at = gl_GlobalInvocationID;  // = gl_WorkGroupID * GROUP_SIZE + gl_LocalInvocationID
    uint i = at.x + extent.x * (at.y + extent.y * at.z);
    records[i] = Record(gl_LocalInvocationID.x, gl_LocalInvocationID.y, gl_LocalInvocationID.z,
                        gl_WorkGroupID.x, gl_WorkGroupID.y, gl_WorkGroupID.z,
                        gl_LocalInvocationIndex, 0u);
}
