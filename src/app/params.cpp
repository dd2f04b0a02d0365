#include "app/params.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <system_error>

#include "util/error.h"
#include "util/parse.h"

namespace cs {

namespace {

// Shortest text that reads back as the same float ("0.1", not "0.100000001").
std::string formatFloat(float v) {
    char buf[32];
    auto result = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, result.ptr);
}

std::string formatBool(bool v) {
    return v ? "true" : "false";
}

template <typename T, typename Format>
std::string join(const std::vector<T>& items, const std::string& sep, Format format) {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out += sep;
        out += format(items[i]);
    }
    return out;
}

std::string rangeText(Range<int> r) {
    return "[" + std::to_string(r.min) + ", " + std::to_string(r.max) + "]";
}

std::string rangeText(Range<float> r) {
    return "[" + formatFloat(r.min) + ", " + formatFloat(r.max) + "]";
}

bool parseBool(const std::string& text, bool& out) {
    if (text == "true" || text == "1" || text == "on") {
        out = true;
        return true;
    }
    if (text == "false" || text == "0" || text == "off") {
        out = false;
        return true;
    }
    return false;
}

bool validName(const std::string& name) {
    if (name.empty() || !(name[0] >= 'a' && name[0] <= 'z')) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
}

std::string prefix(const std::string& name) {
    return "parameter '" + name + "' ";
}

}  // namespace

// ---- Declaration ----------------------------------------------------------------------------

Params::Param& Params::declare(const std::string& name, Kind kind, const std::string& help) {
    if (!validName(name)) {
        throw std::logic_error("parameter name '" + name +
                               "' must be a lowercase letter followed by a-z, 0-9 or _");
    }
    for (const auto& p : params_) {
        if (p->name == name) throw std::logic_error("parameter '" + name + "' declared twice");
    }
    auto param = std::make_unique<Param>();
    param->name = name;
    param->kind = kind;
    param->help = help;
    params_.push_back(std::move(param));
    return *params_.back();
}

int& Params::add(const std::string& name, int def, Range<int> range, const std::string& help) {
    if (range.min > range.max || def < range.min || def > range.max) {
        throw std::logic_error(prefix(name) + "default " + std::to_string(def) +
                               " is outside its range " + rangeText(range));
    }
    Param& p = declare(name, Kind::Int, help);
    p.intValue = def;
    p.intRange = range;
    p.defaultText = std::to_string(def);
    return p.intValue;
}

float& Params::add(const std::string& name, float def, Range<float> range,
                   const std::string& help) {
    // Written so that NaN in any of the three fails too.
    if (!(std::isfinite(range.min) && std::isfinite(range.max) && range.min <= def &&
          def <= range.max)) {
        throw std::logic_error(prefix(name) + "default " + formatFloat(def) +
                               " is outside its range " + rangeText(range));
    }
    Param& p = declare(name, Kind::Float, help);
    p.floatValue = def;
    p.floatRange = range;
    p.defaultText = formatFloat(def);
    return p.floatValue;
}

bool& Params::add(const std::string& name, bool def, const std::string& help) {
    Param& p = declare(name, Kind::Bool, help);
    p.boolValue = def;
    p.defaultText = formatBool(def);
    return p.boolValue;
}

int& Params::choice(const std::string& name, int def, std::vector<int> allowed,
                    const std::string& help) {
    if (std::find(allowed.begin(), allowed.end(), def) == allowed.end()) {
        throw std::logic_error(prefix(name) + "default " + std::to_string(def) +
                               " is not one of its choices");
    }
    Param& p = declare(name, Kind::IntChoice, help);
    p.intValue = def;
    p.intChoices = std::move(allowed);
    p.defaultText = std::to_string(def);
    return p.intValue;
}

std::string& Params::choice(const std::string& name, std::string def,
                            std::vector<std::string> allowed, const std::string& help) {
    if (std::find(allowed.begin(), allowed.end(), def) == allowed.end()) {
        throw std::logic_error(prefix(name) + "default '" + def + "' is not one of its choices");
    }
    Param& p = declare(name, Kind::StringChoice, help);
    p.stringValue = std::move(def);
    p.stringChoices = std::move(allowed);
    p.defaultText = p.stringValue;
    return p.stringValue;
}

// ---- Lookup ---------------------------------------------------------------------------------

const Params::Param& Params::find(const std::string& name) const {
    for (const auto& p : params_) {
        if (p->name == name) return *p;
    }
    if (params_.empty()) {
        throw UsageError("unknown parameter " + quoted(name) + "; this sample has no parameters");
    }
    throw UsageError("unknown parameter " + quoted(name) +
                     "; valid: " + join(names(), ", ", [](const std::string& s) { return s; }));
}

Params::Param& Params::find(const std::string& name) {
    return const_cast<Param&>(static_cast<const Params*>(this)->find(name));
}

std::vector<std::string> Params::names() const {
    std::vector<std::string> out;
    for (const auto& p : params_) out.push_back(p->name);
    return out;
}

const void* Params::storage(const Param& p) {
    switch (p.kind) {
        case Kind::Int:
        case Kind::IntChoice:
            return &p.intValue;
        case Kind::Float:
            return &p.floatValue;
        case Kind::Bool:
            return &p.boolValue;
        case Kind::StringChoice:
            return &p.stringValue;
    }
    return nullptr;
}

// ---- Setting values -------------------------------------------------------------------------

void Params::set(const std::string& name, const std::string& text) {
    Param& p = find(name);
    const std::string allowed = allowedText(p);
    switch (p.kind) {
        case Kind::Int: {
            int v = 0;
            std::errc ec = parseNumber(text, v);
            // Overflow of int is reported as out of range: it is, whatever the range.
            if (ec == std::errc::invalid_argument) {
                throw UsageError(prefix(name) + "expects an integer in " + allowed + ", got " +
                                 quoted(text));
            }
            if (ec == std::errc::result_out_of_range || v < p.intRange.min || v > p.intRange.max) {
                throw UsageError(prefix(name) + "= " + printable(text) + " is out of range " +
                                 allowed);
            }
            p.changed |= v != p.intValue;
            p.intValue = v;
            break;
        }
        case Kind::Float: {
            float v = 0.0f;
            std::errc ec = parseNumber(text, v);
            // from_chars accepts "inf" and "nan"; neither is a useful parameter value.
            if (ec == std::errc::invalid_argument || (ec == std::errc() && !std::isfinite(v))) {
                throw UsageError(prefix(name) + "expects a finite number in " + allowed + ", got " +
                                 quoted(text));
            }
            if (ec == std::errc::result_out_of_range || v < p.floatRange.min ||
                v > p.floatRange.max) {
                throw UsageError(prefix(name) + "= " + printable(text) + " is out of range " +
                                 allowed);
            }
            p.changed |= v != p.floatValue;
            p.floatValue = v;
            break;
        }
        case Kind::Bool: {
            bool v = false;
            if (!parseBool(text, v)) {
                throw UsageError(prefix(name) + "expects one of true, false, 1, 0, on, off; got " +
                                 quoted(text));
            }
            p.changed |= v != p.boolValue;
            p.boolValue = v;
            break;
        }
        case Kind::IntChoice: {
            int v = 0;
            bool ok = parseNumber(text, v) == std::errc() &&
                      std::find(p.intChoices.begin(), p.intChoices.end(), v) != p.intChoices.end();
            if (!ok) {
                throw UsageError(prefix(name) + "expects one of " +
                                 join(p.intChoices, ", ", [](int c) { return std::to_string(c); }) +
                                 "; got " + quoted(text));
            }
            p.changed |= v != p.intValue;
            p.intValue = v;
            break;
        }
        case Kind::StringChoice: {
            if (std::find(p.stringChoices.begin(), p.stringChoices.end(), text) ==
                p.stringChoices.end()) {
                throw UsageError(
                    prefix(name) + "expects one of " +
                    join(p.stringChoices, ", ", [](const std::string& c) { return c; }) + "; got " +
                    quoted(text));
            }
            p.changed |= text != p.stringValue;
            p.stringValue = text;
            break;
        }
    }
}

void Params::setAll(const std::vector<std::string>& assignments) {
    for (const std::string& a : assignments) {
        size_t eq = a.find('=');
        if (eq == std::string::npos || eq == 0) {
            throw UsageError("--set expects name=value, got " + quoted(a));
        }
        set(a.substr(0, eq), a.substr(eq + 1));
    }
}

bool Params::changed(const void* value) {
    for (auto& p : params_) {
        if (storage(*p) == value) {
            bool was = p->changed;
            p->changed = false;
            return was;
        }
    }
    throw std::logic_error("Params::changed: pointer is not the storage of a declared parameter");
}

void Params::clearChanged() {
    for (auto& p : params_) p->changed = false;
}

// ---- Text -----------------------------------------------------------------------------------

std::string Params::valueText(const Param& p) {
    switch (p.kind) {
        case Kind::Int:
        case Kind::IntChoice:
            return std::to_string(p.intValue);
        case Kind::Float:
            return formatFloat(p.floatValue);
        case Kind::Bool:
            return formatBool(p.boolValue);
        case Kind::StringChoice:
            return p.stringValue;
    }
    return {};
}

std::string Params::valueText(const std::string& name) const {
    return valueText(find(name));
}

std::string Params::typeText(const Param& p) {
    switch (p.kind) {
        case Kind::Int:
        case Kind::IntChoice:
            return "int";
        case Kind::Float:
            return "float";
        case Kind::Bool:
            return "bool";
        case Kind::StringChoice:
            return "string";
    }
    return {};
}

// "[1, 1048576]" for a range, "8|16|32" for choices.
std::string Params::allowedText(const Param& p) {
    switch (p.kind) {
        case Kind::Int:
            return rangeText(p.intRange);
        case Kind::Float:
            return rangeText(p.floatRange);
        case Kind::Bool:
            return "true|false";
        case Kind::IntChoice:
            return join(p.intChoices, "|", [](int c) { return std::to_string(c); });
        case Kind::StringChoice:
            return join(p.stringChoices, "|", [](const std::string& c) { return c; });
    }
    return {};
}

std::string Params::helpText() const {
    // Columns: name=default (as --set would take it), type, range or choices, help; each
    // padded to its widest entry, e.g. "  boids=16384  int  [256, 1048576]  number of boids".
    std::vector<std::vector<std::string>> rows;
    for (const auto& p : params_) {
        rows.push_back({p->name + "=" + p->defaultText, typeText(*p), allowedText(*p), p->help});
    }
    std::vector<size_t> width(3, 0);
    for (const auto& row : rows) {
        for (size_t c = 0; c < width.size(); ++c) width[c] = std::max(width[c], row[c].size());
    }
    std::string out;
    for (const auto& row : rows) {
        out += "  ";
        for (size_t c = 0; c < width.size(); ++c) {
            out += row[c] + std::string(width[c] - row[c].size() + 2, ' ');
        }
        out += row[3] + "\n";
    }
    return out;
}

}  // namespace cs
