// A sample that raises a GL error in every frame, for the test that any run with a GL error
// fails and writes no --output (tests/samples/framework_test.cpp).
#include "app/sample.h"
#include "util/file.h"

class GlErrorSample : public cs::Sample {
public:
    GlErrorSample() : Sample("gl_error_sample", "raises GL_INVALID_ENUM in every frame") {}

private:
    void setup() override {}
    void update(double) override { glBindBuffer(0x1234, 0); }  // no such target
    void render() override {}
    void finish() override {
        if (!options().output.empty()) cs::writeFileAtomic(options().output, "finished\n");
    }
};

CS_SAMPLE_MAIN(GlErrorSample)
