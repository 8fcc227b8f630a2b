#include "app/jaas_file.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace copycat::app {
namespace {

// A cursor over the text that skips white space and comments between tokens.
class scanner {
public:
    explicit scanner(std::string_view text) : text_(text) {}

    bool at_end() {
        skip();
        return pos_ >= text_.size();
    }
    char peek() {
        skip();
        return pos_ < text_.size() ? text_[pos_] : '\0';
    }
    bool take(char c) {
        if (peek() != c) return false;
        ++pos_;
        return true;
    }
    // A bare word (letters, digits and . _ - $ / :) or a double-quoted string; empty when neither.
    result<std::string> word() {
        skip();
        std::string out;
        if (pos_ < text_.size() && text_[pos_] == '"') {
            for (++pos_; pos_ < text_.size() && text_[pos_] != '"'; ++pos_) {
                if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) ++pos_;
                out.push_back(text_[pos_]);
            }
            if (pos_ >= text_.size()) return failure("unterminated quoted string");
            ++pos_;
            return out;
        }
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-' && c != '$' &&
                c != '/' && c != ':')
                break;
            out.push_back(c);
            ++pos_;
        }
        return out;
    }
    error failure(std::string_view what) const {
        const auto line = 1 + std::count(text_.begin(), text_.begin() + static_cast<std::ptrdiff_t>(pos_), '\n');
        return make_error(errc::invalid_argument, fmt::format("JAAS configuration, line {}: {}", line, what));
    }

private:
    void skip() {
        while (pos_ < text_.size()) {
            if (std::isspace(static_cast<unsigned char>(text_[pos_]))) {
                ++pos_;
            } else if (text_.substr(pos_, 2) == "//") {
                const auto nl = text_.find('\n', pos_);
                pos_ = nl == std::string_view::npos ? text_.size() : nl;
            } else if (text_.substr(pos_, 2) == "/*") {
                const auto end = text_.find("*/", pos_ + 2);
                pos_ = end == std::string_view::npos ? text_.size() : end + 2;
            } else {
                return;
            }
        }
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

result<jaas_login_module> parse_module(scanner& in, std::string class_name) {
    jaas_login_module m;
    m.class_name = std::move(class_name);
    COPYCAT_TRY(m.flag, in.word());
    for (auto& c : m.flag) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (m.flag != "required" && m.flag != "requisite" && m.flag != "sufficient" && m.flag != "optional")
        return in.failure("expected required, requisite, sufficient or optional after " + m.class_name);
    while (!in.take(';')) {
        COPYCAT_TRY(auto key, in.word());
        if (key.empty()) return in.failure("expected an option or ';' in " + m.class_name);
        if (!in.take('=')) return in.failure("expected '=' after option " + key);
        COPYCAT_TRY(auto value, in.word());
        m.options[key] = std::move(value);
    }
    return m;
}

}  // namespace

result<jaas_config> parse_jaas(std::string_view text) {
    scanner in(text);
    jaas_config out;
    while (!in.at_end()) {
        COPYCAT_TRY(auto name, in.word());
        if (name.empty() || !in.take('{')) return in.failure("expected a login context name and '{'");
        auto& modules = out[name];
        while (!in.take('}')) {
            COPYCAT_TRY(auto module, in.word());
            if (module.empty()) return in.failure("expected a login module class or '}' in " + name);
            COPYCAT_TRY(auto parsed, parse_module(in, std::move(module)));
            modules.push_back(std::move(parsed));
        }
        if (!in.take(';')) return in.failure("expected ';' after the entry " + name);
    }
    return out;
}

result<jaas_config> read_jaas_file(const std::string& path) {
    std::ifstream file(path);
    if (!file) return make_error(errc::io_error, "Cannot read the JAAS configuration file " + path);
    std::stringstream text;
    text << file.rdbuf();
    auto parsed = parse_jaas(text.str());
    if (!parsed) return error(parsed.err().code, path + ": " + parsed.err().message);
    return parsed;
}

}  // namespace copycat::app
