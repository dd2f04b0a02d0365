/* stb's image reader and writer, compiled once for the Windows build (cmake/
 * DependenciesWindows.cmake): stb is headers only there. Debian's libstb-dev is this library
 * already built, which the Linux build links. */
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
