#include "runtime/error_trace.hpp"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>
#include <typeinfo>

namespace copycat::runtime {
namespace {

std::string demangled(const std::type_info& type) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> name(abi::__cxa_demangle(type.name(), nullptr, nullptr, &status), std::free);
    std::string text = status == 0 && name ? std::string(name.get()) : std::string(type.name());
    // std::throw_with_nested wraps the thrown type; show the type the code threw.
    const std::string wrapper = "std::_Nested_exception<";
    if (text.rfind(wrapper, 0) == 0 && text.back() == '>')
        text = text.substr(wrapper.size(), text.size() - wrapper.size() - 1);
    return text;
}

// Appends the line for `e` and recurses into its nested cause.
void describe(const std::exception_ptr& e, std::string& out, int depth) {
    if (!e) return;
    if (depth > 0) out += "\nCaused by: ";
    try {
        std::rethrow_exception(e);
    } catch (const std::exception& ex) {
        out += demangled(typeid(ex)) + ": " + ex.what();
        if (depth < 16) {
            if (const auto* nested = dynamic_cast<const std::nested_exception*>(&ex)) {
                describe(nested->nested_ptr(), out, depth + 1);
            }
        }
    } catch (...) {
        out += "unknown exception";
    }
}

}  // namespace

std::string error_trace(const std::exception_ptr& e) {
    std::string out;
    describe(e, out, 0);
    return out;
}

std::string error_message(const std::exception_ptr& e) {
    if (!e) return {};
    try {
        std::rethrow_exception(e);
    } catch (const std::exception& ex) {
        return ex.what();
    } catch (...) {
        return "unknown exception";
    }
}

}  // namespace copycat::runtime
