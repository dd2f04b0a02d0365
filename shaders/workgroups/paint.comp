#version 430
// Paints the records ids.comp wrote: one pixel of the picture per pixel of the frame, each
// coloured by the record of the invocation under it, with the work groups' borders drawn.
// A 3D dispatch is shown as its z slices, left to right, then top to bottom
// (workgroups::SliceLayout computes the same layout on the CPU, for hovering).
layout(local_size_x = 8, local_size_y = 8) in;

struct Record {
    uint localX, localY, localZ;
    uint groupX, groupY, groupZ;
    uint localIndex;
    uint zero;
};
layout(std430, binding = 0) readonly buffer Records { Record records[]; };
layout(binding = 0, rgba8) uniform writeonly image2D picture;

uniform ivec2 size;       // the picture's width and height, in pixels
uniform uvec3 extent;     // invocations along x, y and z: groups times the local size
uniform uvec3 groupSize;  // the local size
uniform ivec2 sliceSize;  // one slice, in pixels
uniform ivec2 gap;        // pixels between slices across, and above each slice for its label
uniform int columns;      // slices per row
uniform int cell;         // pixels per invocation along x and y
uniform int stride;       // invocations per cell: 1, or more when they outnumber the pixels
uniform int mode;         // 0 local id, 1 work-group id, 2 global id, 3 local invocation index
uniform ivec4 hovered;    // xyz: the invocation under the mouse, outlined where w is 1

const vec3 kBackground = vec3(0.08, 0.08, 0.1);  // the frame's clear colour
const vec3 kBorder = vec3(0.0);

// A hue ramp from blue (0) through green to red (1), for the one-dimensional index.
vec3 ramp(float t) { return clamp(vec3(2.0 * t - 0.5, 1.5 - abs(2.0 * t - 1.0) * 1.5, 1.0 - 2.0 * t), 0.0, 1.0); }

vec3 colourOf(Record r) {
    uvec3 local = uvec3(r.localX, r.localY, r.localZ);
    uvec3 group = uvec3(r.groupX, r.groupY, r.groupZ);
    uvec3 groups = extent / groupSize;
    // Red Book Example 12.5's colouring: each id over its range, as red, green and blue.
    if (mode == 0) return vec3(local) / vec3(groupSize);
    if (mode == 1) return vec3(group) / vec3(groups);
    if (mode == 2) return vec3(group * groupSize + local) / vec3(extent);
    return ramp(float(r.localIndex) / float(max(groupSize.x * groupSize.y * groupSize.z - 1u, 1u)));
}

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang

    // Slices are laid out from the top, as text is read; rows of the image run bottom up.
    ivec2 fromTop = ivec2(pixel.x, size.y - 1 - pixel.y);
    ivec2 pitch = sliceSize + gap;
    ivec2 slot = fromTop / pitch;
    ivec2 inSlot = fromTop - slot * pitch - ivec2(0, gap.y);  // the label band is above
    uint z = uint(slot.y * columns + slot.x);
    vec3 colour = kBackground;
    if (inSlot.y >= 0 && inSlot.x < sliceSize.x && z < extent.z) {
        ivec2 inSlice = ivec2(inSlot.x, sliceSize.y - 1 - inSlot.y);  // bottom up in the slice
        uvec2 xy = uvec2(inSlice / cell) * uint(stride);
        if (all(lessThan(xy, extent.xy))) {
            colour = colourOf(records[xy.x + extent.x * (xy.y + extent.y * z)]);
            ivec2 inCell = inSlice % cell;
            // Thin lines between invocations where a cell is large enough to show them...
            if (cell >= 6 && (inCell.x == 0 || inCell.y == 0)) colour *= 0.7;
            // ...and the work groups' edges: the first pixel of a group's first invocation,
            // where a group is at least 4 pixels across, and the slice's far edges.
            bvec2 groupEdge = bvec2(stride == 1 && cell * int(groupSize.x) >= 4 &&
                                        xy.x % groupSize.x == 0u && inCell.x == 0,
                                    stride == 1 && cell * int(groupSize.y) >= 4 &&
                                        xy.y % groupSize.y == 0u && inCell.y == 0);
            bvec2 farEdge = equal(inSlice, sliceSize - 1);
            if (any(groupEdge) || any(farEdge)) colour = kBorder;
            bool outline = any(equal(inCell, ivec2(0))) || any(equal(inCell, ivec2(cell - 1)));
            if (hovered.w == 1 && uvec3(xy, z) == uvec3(hovered.xyz) && cell >= 4 && outline)
                colour = vec3(1.0);
        }
    }
    imageStore(picture, pixel, vec4(colour, 1.0));
}
