// One invocation per item of a 1D range, dispatched as a 2D grid of work groups. A GL
// launches at most GL_MAX_COMPUTE_WORK_GROUP_COUNT[0] groups along x (65535 on some drivers:
// 16.7M invocations of 256), so a longer range goes on in rows of groups along y
// (Program::itemGroupsFor in src/gl/program.h sizes the grid; so does compact_arguments.comp
// for a dispatch from a count). Include after the local size is declared.
uint linearItem() {
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    return group * gl_WorkGroupSize.x + gl_LocalInvocationIndex;
}
