#pragma once
// Sample parameters, declared once.
//
// A sample declares each tweakable value with one call, e.g.
//
//     int& boids = params.add("boids", 16384, {256, 1 << 20}, "number of boids");
//
// and that single declaration drives everything else: the ImGui widget (drawUi), the
// command line (`--set boids=65536`), the `--help` listing (helpText) and validation. The
// returned reference stays valid for the lifetime of the Params object, so the sample reads
// the current value through it every frame.
//
// A sample's own command-line options (nbody's `--steps K`) are declared the same way in a
// second set, Sample::flags, whose entries are given as `--name value`, listed by --help and
// never drawn in the overlay.
//
// A parameter that acts only with certain other settings says so on its declaration, with a
// predicate and the reason it does nothing otherwise:
//
//     int& tileSize = params.choice("tile_size", 32, {8, 16, 32}, "tile edge")
//                         .activeWhen([this] { return tiled; }, "unless tiled=true");
//
// That one rule drives three things: the overlay draws the parameter disabled while it is
// inactive, with the reason as its tooltip; --help adds "(no effect unless tiled=true)"; and
// a --set (or a flag) given for a parameter that is inactive once every value is applied is
// refused: "--set tile_size has no effect unless tiled=true". Any explicit value is refused,
// the default too: it is a setting with no effect, and the user should learn that.
//
// When values change (from --set or from the overlay) the sample finds out with
//
//     if (params.changed({&boids, &radius})) rebuildGrid();
//
// Errors in what the user typed throw cs::UsageError (exit code 2); mistakes in the
// declarations themselves (a duplicate name, a default outside its range) are bugs in the
// sample and throw std::logic_error.
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace cs {

// Inclusive range of a numeric parameter.
template <typename T>
struct Range {
    T min, max;
};

class Params;

// The usual ways a frame's cost grows with a parameter (Declared::costGrowsAs).
namespace growth {
inline double linear(double n) {
    return n;
}
inline double square(double n) {
    return n * n;
}
inline double cube(double n) {
    return n * n * n;
}
}  // namespace growth

// What a declaration returns: it converts to a reference to the parameter's value (so
// `int& count = params.add(...)` keeps it), and can say first when the parameter acts.
template <typename T>
class Declared {
public:
    Declared(Params& params, T& value) : params_(params), value_(value) {}
    // The parameter acts only while `isActive()` returns true. `why` finishes the sentence
    // "... has no effect ...", e.g. "unless method=tiled" or "with --input: the bodies come
    // from the file". The predicate is called after every --set is applied, and every frame
    // by the overlay, so it only reads other parameters and options.
    Declared& activeWhen(std::function<bool()> isActive, std::string why);
    // The value that keeps a window interactive where the renderer is slow (a CPU renderer):
    // a window whose frames take more than about 200 ms offers every such value with one
    // click ("make it interactive"), and names them. Defaults and headless runs keep theirs.
    Declared& interactiveAt(const T& value);
    // A number's slider in the overlay spans `range()` (within the declared range) instead of
    // the declared range, for ends that depend on other values or on this GL (prefix_sum's
    // last step depends on the array's length). --set and --help keep the declared range; a
    // value past the slider's end shows at the end, unchanged, until the slider is moved.
    // `why` says, for the tooltip and for a value dragged or typed to a narrowed end, what
    // stops the slider there ("one storage block holds 128 MiB here"); empty: "this GL's
    // limits".
    Declared& sliderRange(std::function<Range<T>()> range, std::function<std::string()> why = {});
    // How the cost of a frame grows with this number, as a function of its value (only the
    // ratio between two values matters): cs::growth::linear (n), square (n^2), cube (an
    // edge's volume), or the sample's own, e.g. [this](double n) { return n * steps; }. Before
    // an overlay edit is applied, the window scales the frames it has measured by the ratio,
    // and asks first when the estimate passes a few seconds (Sample). The command line runs
    // what it is told.
    Declared& costGrowsAs(std::function<double(double)> cost);
    operator T&() const { return value_; }

private:
    Params& params_;
    T& value_;
};

class Params {
public:
    // How the entries are given: as `--set name=value` (sample parameters) or as
    // `--name value` (a sample's own command-line options).
    enum class Style { Parameters, Flags };
    explicit Params(Style style = Style::Parameters);
    ~Params();
    Params(const Params&) = delete;
    Params& operator=(const Params&) = delete;

    // A number in an inclusive range.
    Declared<int> add(const std::string& name, int def, Range<int> range, const std::string& help);
    Declared<float> add(const std::string& name, float def, Range<float> range,
                        const std::string& help);
    // A number that lives in the caller's `storage`, e.g. a member of the struct that mirrors
    // a uniform block (gl/uniform_block.h), so that the value is declared here and stored
    // where the shader reads it, with no copy between:
    //   float& stiffness = params.add("stiffness", step.values.stiffness, 180000.0f,
    //                                 {1.0f, 1e9f}, "c, N/m");
    // `storage` is set to `def` and must outlive the Params.
    Declared<int> add(const std::string& name, int& storage, int def, Range<int> range,
                      const std::string& help);
    Declared<float> add(const std::string& name, float& storage, float def, Range<float> range,
                        const std::string& help);
    // An on/off switch.
    Declared<bool> add(const std::string& name, bool def, const std::string& help);
    // One of a few allowed values, e.g. a work-group size 8|16|32 or a mode inclusive|exclusive.
    Declared<int> choice(const std::string& name, int def, std::vector<int> allowed,
                         const std::string& help);
    Declared<std::string> choice(const std::string& name, std::string def,
                                 std::vector<std::string> allowed, const std::string& help);
    // Any text, such as a file name or a list that the sample reads itself; `form` shows what
    // it looks like in --help, e.g. "FILE.pfm" or "N,N,...". Outputs are files the run writes:
    // the framework checks them before any work (Sample::run).
    Declared<std::string> text(const std::string& name, const std::string& form,
                               const std::string& help);
    Declared<std::string> output(const std::string& name, const std::string& form,
                                 const std::string& help);

    // Parse `text`, validate it and store it. Throws UsageError naming the parameter.
    void set(const std::string& name, const std::string& text);
    // Apply each "name=value" in order (the --set flags). Throws UsageError on a malformed one.
    void setAll(const std::vector<std::string>& assignments);

    // Whether the parameter at `value` acts with the current values (see activeWhen).
    bool active(const void* value) const;
    // Throws UsageError for the first parameter that was given (set()) but is inactive now:
    // the framework calls it once every --set and flag is applied.
    void refuseInactive() const;

    // The interactiveAt values, as "name=value", of the parameters that act now and do not
    // hold that value yet: empty once the window has been made interactive.
    std::vector<std::string> interactiveSettings() const;

    // The numbers whose storage lies in [begin, begin + size) (add with storage): each one's
    // name, offset from `begin` and type, for a uniform block's layout check
    // (gl/uniform_block.h).
    struct Stored {
        std::string name;
        std::size_t offset;
        bool isFloat;
    };
    std::vector<Stored> storedIn(const void* begin, std::size_t size) const;

    // One line per parameter: name, type, default, range or choices, help.
    std::string helpText() const;
    // Names in declaration order, and the current value of one as text (as --set would accept
    // it). Together they let the bench write every parameter into its JSON.
    std::vector<std::string> names() const;
    std::string valueText(const std::string& name) const;
    // The declared outputs as (how they are given, e.g. "--blur-output", current value).
    std::vector<std::pair<std::string, std::string>> outputs() const;

    // True once after any of the parameters whose storage is at `values` got a new value (by
    // set() or the overlay); the call clears the flag of every one of them. Setting a
    // parameter to the value it already has is no change.
    bool changed(std::initializer_list<const void*> values);
    bool changed(const void* value) { return changed({value}); }
    // Whether the parameter at `value` was ever set, e.g. an option given on the command line.
    bool given(const void* value) const;
    // Forgets every pending change: the framework calls it once the sample has built its
    // state from the starting values (which already include --set).
    void clearChanged();

    // ImGui widgets for every parameter, with the help text as tooltip (none while the window
    // asks about an edit: the question is what to read, and a tooltip would cover it, since
    // the mouse is still where it let go of the slider). Returns true if any
    // value changed this frame. Defined in params_ui.cpp so that the rest needs no ImGui.
    // An integer slider applies its value when the drag ends, not at every value it passes:
    // integers are counts and sizes, whose every change rebuilds state (a drag across
    // nbody's bodies would otherwise build a few hundred sets of bodies). Floats apply live.
    bool drawUi(bool tooltips);
    // The edits the overlay finished since the last call (a drag counts once, when it ends;
    // the wheel's zoom once a frame; a reset to the defaults once per parameter it changed):
    // the framework prints each as the --set that repeats it, after asking first where its
    // cost says so. `before` is the value before the edit began, as text.
    struct Edit {
        std::string name, before, after;
        std::string assignment() const { return name + "=" + after; }
    };
    std::vector<Edit> takeFinishedEdits();
    // Set when the overlay's last finished edit stopped at a slider's narrowed end (a value
    // dragged there, or typed past it): "nx stops at 2048 here: ...". Empty once taken.
    std::string takeLimitNote();
    // How many times a frame's cost `name` makes at its current value against `before`
    // (costGrowsAs), or 0 when the parameter declares no cost.
    double costRatio(const std::string& name, const std::string& before) const;
    // The same between two values of it: its cost at `to` against its cost at `from`.
    double costRatio(const std::string& name, double from, double to) const;
    // Whether `edit` puts its parameter back to its default value.
    bool backToDefault(const Edit& edit) const;
    // Takes an edit back before the sample has seen it: the value before it, and no change to
    // report (the window holds an edit back while it asks whether to apply it).
    void holdBack(const Edit& edit);

    // Every parameter back to its declared default (Ctrl+R in a window), as changes, so that
    // the sample rebuilds. Text and file parameters are left as they are.
    void resetAll();
    void reset(const void* value);
    // Multiplies a float parameter by `factor`, kept in its range, as an edit (the mouse
    // wheel zooms this way where a sample has a zoom parameter).
    void scaleBy(const float* value, float factor);
    // The parameters that differ from their defaults, as " --set name=value ..." (empty when
    // none do), so that what a learner found by tweaking can be run again.
    std::string commandLine() const;
    // The same, as it would read with `edit` applied (an edit held back, to run elsewhere).
    std::string commandLine(const Edit& edit) const;
    // The changes since keepEdits() (from the overlay or set()): undone, back to the values
    // before them (as changes, so that the sample rebuilds), when the sample could not run
    // them. Returns whether there were any.
    bool undoEdits();
    void keepEdits();

    struct Param;  // one declared parameter; its kinds are in param_kinds.h

private:
    template <typename T>
    friend class Declared;
    void setActiveWhen(const void* value, std::function<bool()> isActive, std::string why);
    void setInteractive(const void* value, std::string text);
    void setCost(const void* value, std::function<double(double)> cost);
    // An edit from outside the overlay (a reset, the wheel): reported once it is over.
    void noteEdit(Param& p, const std::string& before);
    template <typename T>
    void setSliderRange(const void* value, std::function<Range<T>()> range,
                        std::function<std::string()> why);
    template <typename T>
    Declared<T> addNumber(const std::string& name, T* storage, T def, Range<T> range,
                          const std::string& help);
    template <typename Kind, typename... Args>
    Kind& declare(const std::string& name, const std::string& help, Args&&... args);
    Param& find(const std::string& name);
    const Param& find(const std::string& name) const;
    Param& at(const void* value) const;
    void assign(Param& p, const std::string& text);

    Style style_;
    // unique_ptr keeps every Param (and so every reference handed out) at a fixed address
    // while the vector grows.
    std::vector<std::unique_ptr<Param>> params_;
    std::vector<std::pair<Param*, std::string>> edits_;  // parameter, value before the change
    std::vector<Edit> finished_;                         // takeFinishedEdits
    std::string limitNote_;                              // takeLimitNote
};

template <typename T>
Declared<T>& Declared<T>::interactiveAt(const T& value) {
    if constexpr (std::is_same_v<T, std::string>)
        params_.setInteractive(&value_, value);
    else if constexpr (std::is_same_v<T, bool>)
        params_.setInteractive(&value_, value ? "true" : "false");
    else
        params_.setInteractive(&value_, std::to_string(value));
    return *this;
}

template <typename T>
Declared<T>& Declared<T>::sliderRange(std::function<Range<T>()> range,
                                      std::function<std::string()> why) {
    params_.template setSliderRange<T>(&value_, std::move(range), std::move(why));
    return *this;
}

template <typename T>
Declared<T>& Declared<T>::costGrowsAs(std::function<double(double)> cost) {
    static_assert(std::is_arithmetic_v<T>, "a cost grows with a number");
    params_.setCost(&value_, std::move(cost));
    return *this;
}

template <typename T>
Declared<T>& Declared<T>::activeWhen(std::function<bool()> isActive, std::string why) {
    params_.setActiveWhen(&value_, std::move(isActive), std::move(why));
    return *this;
}

}  // namespace cs
