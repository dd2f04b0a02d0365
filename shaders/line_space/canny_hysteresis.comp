#version 430
// Canny, step 5 of 5: hysteresis. A weak pixel (1) next to a strong one (2), in any of the 8
// directions, becomes strong, until none changes: the edges are the strong pixels, and the
// weak ones connected to them through weak ones.
//
// Each work group takes its 16 x 16 tile and a one-pixel border into shared memory and
// promotes pixels there sweep after sweep until its tile stops changing, so a chain is
// followed across the tile in one dispatch. The border comes from the previous dispatch
// (classesIn) and the tile goes to classesOut: no group reads what another writes in the same
// dispatch. The sample dispatches again, swapping the two, until no group promoted anything:
// changedGroups counts the groups that did.
layout(local_size_x = 16, local_size_y = 16) in;

layout(binding = 0, r8ui) readonly uniform uimage2D classesIn;
layout(binding = 1, r8ui) writeonly uniform uimage2D classesOut;
layout(binding = 0, offset = 0) uniform atomic_uint changedGroups;

uniform ivec2 size;

shared uint tile[18][18];   // the tile and its border
shared uint promoted[2];    // promotions in this sweep and (cleared) in the next

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    ivec2 corner = ivec2(gl_WorkGroupID.xy) * 16 - 1;  // of the tile's border
    uint local = gl_LocalInvocationIndex;
    for (uint i = local; i < 18u * 18u; i += 256u) {
        ivec2 at = corner + ivec2(i % 18u, i / 18u);
        bool inside = all(greaterThanEqual(at, ivec2(0))) && all(lessThan(at, size));
        tile[i / 18u][i % 18u] = inside ? imageLoad(classesIn, at).r : 0u;
    }
    if (local == 0u) promoted[0] = 0u;
    barrier();  // wait for the whole tile and the cleared counter

    // Invocations past the image (the overhang) stay in the loop: every invocation must
    // reach every barrier(). Their tile entries are 0, never promoted.
    ivec2 me = ivec2(gl_LocalInvocationID.xy) + 1;
    int sweep = 0;
    for (;; ++sweep) {
        bool promote = false;
        if (tile[me.y][me.x] == 1u)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx)
                    if (tile[me.y + dy][me.x + dx] == 2u) promote = true;
        barrier();  // everyone has read the tile before anyone changes it
        if (promote) {
            tile[me.y][me.x] = 2u;
            atomicAdd(promoted[sweep & 1], 1u);
        }
        if (local == 0u) promoted[(sweep + 1) & 1] = 0u;  // nobody reads it in this sweep
        barrier();  // wait for the promotions and their count
        if (promoted[sweep & 1] == 0u) break;  // the same for every invocation
    }
    if (all(lessThan(pixel, size))) imageStore(classesOut, pixel, uvec4(tile[me.y][me.x]));
    if (local == 0u && sweep > 0) atomicCounterIncrement(changedGroups);
}
