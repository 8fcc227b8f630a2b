// Keeps the documentation that source comments cite in existence: every Markdown file named in a
// comment under src/, include/, plugins/, tests/, integration-tests/ and deploy/ (C++, Python,
// shell and CMake files) must exist, relative to the repository root ("README.md" is the root's
// README). A citation may name a section, as an anchor ("docs/group-protocol.md#error-handling",
// GitHub's heading slugs) or as a quoted heading after the name ("README.md \"Metrics\""); the
// section must exist too. String literals are not comments: code that writes a ".md" file is not
// a citation.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = COPYCAT_SOURCE_DIR;

enum class language { cpp, script };

std::optional<language> language_of(const fs::path& path) {
    const std::string ext = path.extension().string();
    if (ext == ".cpp" || ext == ".hpp") return language::cpp;
    if (ext == ".py" || ext == ".sh" || ext == ".cmake" || path.filename() == "CMakeLists.txt") return language::script;
    return std::nullopt;
}

// Whether the R at `i` (followed by '"') begins a raw string literal: R"( u8R"( LR"(, not fooR"(.
bool starts_raw_string(const std::string& line, std::size_t i) {
    std::size_t start = i;
    while (start > 0 && (std::isalnum(static_cast<unsigned char>(line[start - 1])) || line[start - 1] == '_')) --start;
    const std::string prefix = line.substr(start, i - start);
    return prefix.empty() || prefix == "u8" || prefix == "u" || prefix == "U" || prefix == "L";
}

// The comment text of each line of a C++ source (index = line number - 1). Skips string, character
// and raw string literals, which may span lines.
std::vector<std::string> cpp_comments(const std::vector<std::string>& lines) {
    enum class state { code, block_comment, string, character, raw_string };
    state s = state::code;
    std::string raw_end;  // )delimiter" of the raw string being read
    std::vector<std::string> out(lines.size());
    for (std::size_t n = 0; n < lines.size(); ++n) {
        const std::string& line = lines[n];
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            const char next = i + 1 < line.size() ? line[i + 1] : '\0';
            switch (s) {
                case state::code:
                    if (c == '/' && next == '/') {
                        out[n] += line.substr(i + 2);
                        i = line.size();
                    } else if (c == '/' && next == '*') {
                        s = state::block_comment;
                        ++i;
                    } else if (c == 'R' && next == '"' && starts_raw_string(line, i)) {
                        const auto open = line.find('(', i + 2);
                        if (open == std::string::npos) break;
                        raw_end = ")" + line.substr(i + 2, open - i - 2) + "\"";
                        s = state::raw_string;
                        i = open;
                    } else if (c == '"') {
                        s = state::string;
                    } else if (c == '\'' && !(i > 0 && std::isxdigit(static_cast<unsigned char>(line[i - 1])))) {
                        s = state::character;  // not a digit separator (1'000)
                    }
                    break;
                case state::block_comment:
                    if (c == '*' && next == '/') {
                        s = state::code;
                        ++i;
                    } else {
                        out[n] += c;
                    }
                    break;
                case state::string:
                case state::character:
                    if (c == '\\') {
                        ++i;
                    } else if ((s == state::string && c == '"') || (s == state::character && c == '\'')) {
                        s = state::code;
                    }
                    break;
                case state::raw_string:
                    if (line.compare(i, raw_end.size(), raw_end) == 0) {
                        s = state::code;
                        i += raw_end.size() - 1;
                    }
                    break;
            }
        }
        if (s == state::string || s == state::character) s = state::code;  // an unterminated literal
        if (s == state::block_comment) out[n] += ' ';
    }
    return out;
}

// The comment of a Python, shell or CMake line: from the first '#' that starts the line or follows
// a blank, outside quotes.
std::string script_comment(const std::string& line) {
    char quote = '\0';
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quote != '\0') {
            if (c == '\\') {
                ++i;
            } else if (c == quote) {
                quote = '\0';
            }
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '#' && (i == 0 || std::isspace(static_cast<unsigned char>(line[i - 1])))) {
            return line.substr(i + 1);
        }
    }
    return {};
}

struct citation {
    std::string file;     // as written, e.g. "docs/group-protocol.md"
    std::string section;  // an anchor ("error-handling") or a heading ("Metrics"); empty: none
    bool anchor = false;  // section is an anchor (#...) rather than a heading text
};

// The Markdown files (and sections) a comment names.
std::vector<citation> citations_in(const std::string& comment) {
    static const std::regex re(
        R"re(([A-Za-z0-9_][A-Za-z0-9_./-]*\.md)\b(?:#([A-Za-z0-9_-]+)|[ \t]+"#*[ \t]*([^"]+)")?)re");
    std::vector<citation> out;
    for (auto it = std::sregex_iterator(comment.begin(), comment.end(), re); it != std::sregex_iterator(); ++it) {
        const std::smatch& m = *it;
        // Not a path in this repository: part of a URL ("https://host/x.md") or a variable ("$name.md").
        const auto at = static_cast<std::size_t>(m.position(0));
        if (at > 0 && std::string_view("/:$}").find(comment[at - 1]) != std::string_view::npos) continue;
        citation c{m[1], {}, false};
        if (m[2].matched) {
            c.section = m[2];
            c.anchor = true;
        } else if (m[3].matched) {
            c.section = m[3];
        }
        out.push_back(std::move(c));
    }
    return out;
}

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
std::string slug(const std::string& heading) {
    std::string out;
    for (const char c : heading) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '_' || c == '-') {
            out += static_cast<char>(std::tolower(u));
        } else if (c == ' ') {
            out += '-';
        } else if (u >= 0x80) {
            out += c;  // GitHub keeps non-ASCII letters
        }
    }
    return out;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string trim(const std::string& s) {
    const auto first = s.find_first_not_of(" \t");
    if (first == std::string::npos) return {};
    return s.substr(first, s.find_last_not_of(" \t#") - first + 1);
}

struct headings {
    std::set<std::string> anchors;
    std::set<std::string> texts;  // lower case
};

// The ATX headings of a Markdown text, outside fenced code blocks.
headings headings_of(const std::vector<std::string>& lines) {
    headings out;
    std::map<std::string, int> seen;
    bool fenced = false;
    for (const std::string& line : lines) {
        if (line.rfind("```", 0) == 0) fenced = !fenced;
        if (fenced || line.empty() || line[0] != '#') continue;
        const auto text_start = line.find_first_not_of('#');
        if (text_start == std::string::npos || text_start > 6 || line[text_start] != ' ') continue;
        const std::string text = trim(line.substr(text_start));
        const std::string base = slug(text);
        const int n = seen[base]++;
        out.anchors.insert(n == 0 ? base : base + "-" + std::to_string(n));
        out.texts.insert(lower(text));
    }
    return out;
}

std::vector<std::string> read_lines(const fs::path& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// A problem with a citation, or nullopt when the file (and section) exist.
std::optional<std::string> check(const citation& c, std::map<fs::path, headings>& cache) {
    const fs::path target = (kRoot / c.file).lexically_normal();
    if (!fs::is_regular_file(target)) return "cites " + c.file + ", which does not exist";
    if (c.section.empty()) return std::nullopt;
    auto it = cache.find(target);
    if (it == cache.end()) it = cache.emplace(target, headings_of(read_lines(target))).first;
    const bool found = c.anchor ? it->second.anchors.count(c.section) > 0
                                : it->second.texts.count(lower(trim(c.section))) > 0;
    if (found) return std::nullopt;
    return "cites " + c.file + (c.anchor ? "#" : " \"") + c.section + (c.anchor ? "" : "\"") +
           ", a section " + c.file + " does not have";
}

std::vector<std::string> problems() {
    std::vector<std::string> found;
    std::map<fs::path, headings> cache;
    for (const char* dir : {"src", "include", "plugins", "tests", "integration-tests", "deploy"}) {
        if (!fs::exists(kRoot / dir)) continue;
        for (const auto& entry : fs::recursive_directory_iterator(kRoot / dir)) {
            if (!entry.is_regular_file()) continue;
            const auto lang = language_of(entry.path());
            if (!lang) continue;
            const std::vector<std::string> lines = read_lines(entry.path());
            std::vector<std::string> comments;
            if (*lang == language::cpp) {
                comments = cpp_comments(lines);
            } else {
                for (const std::string& line : lines) comments.push_back(script_comment(line));
            }
            const std::string rel = fs::relative(entry.path(), kRoot).string();
            for (std::size_t n = 0; n < comments.size(); ++n) {
                for (const citation& c : citations_in(comments[n])) {
                    if (auto problem = check(c, cache))
                        found.push_back(rel + ":" + std::to_string(n + 1) + " " + *problem);
                }
            }
        }
    }
    return found;
}

}  // namespace

TEST_CASE("every Markdown file a source comment cites exists") {
    const auto found = problems();
    for (const auto& p : found) UNSCOPED_INFO(p);
    CHECK(found.empty());
}

TEST_CASE("citations are found in comments only") {
    const auto comments = cpp_comments({
        R"(int x = 1;  // see docs/a.md#some-part and README.md "Metrics")",
        R"(auto path = dir + "/notes.md";  // the string is not a citation)",
        R"(/* a block comment naming docs/b.md)",
        R"(   continues here */ call("c.md"); auto raw = R"x(// d.md)x"; auto u = u8R"y(// e.md)y";)",
    });
    REQUIRE(comments.size() == 4);
    const auto first = citations_in(comments[0]);
    REQUIRE(first.size() == 2);
    CHECK(first[0].file == "docs/a.md");
    CHECK(first[0].section == "some-part");
    CHECK(first[0].anchor);
    CHECK(first[1].file == "README.md");
    CHECK(first[1].section == "Metrics");
    CHECK_FALSE(first[1].anchor);
    CHECK(citations_in(comments[1]).empty());
    REQUIRE(citations_in(comments[2]).size() == 1);
    CHECK(citations_in(comments[2])[0].file == "docs/b.md");
    CHECK(citations_in(comments[3]).empty());

    CHECK(citations_in(script_comment(R"(out="$dir/$stamp.md"  # writes results.md next to it)")).size() == 1);
    CHECK(citations_in(script_comment(R"(echo "#not a comment.md")")).empty());
    CHECK(citations_in(script_comment("# and .md (no file name)")).empty());
    CHECK(citations_in("see https://example.com/guide/README.md or ${out}.md or $stamp.md").empty());
}

TEST_CASE("a citation of a missing file or section is reported") {
    std::map<fs::path, headings> cache;
    CHECK_FALSE(check({"README.md", "", false}, cache));
    CHECK(check({"docs/no-such-page.md", "", false}, cache));
    CHECK(check({"README.md", "no-such-section-anywhere", true}, cache));
    CHECK(check({"README.md", "No such heading anywhere", false}, cache));
}

TEST_CASE("heading anchors follow GitHub's slugs") {
    CHECK(slug("Error handling") == "error-handling");
    CHECK(slug("Deliberate differences from Kafka Connect") == "deliberate-differences-from-kafka-connect");
    CHECK(slug("Joining: JoinGroup and SyncGroup") == "joining-joingroup-and-syncgroup");
    CHECK(slug("Leaving: LeaveGroup (v5)") == "leaving-leavegroup-v5");
    const auto h = headings_of({"# Title", "```", "# not a heading", "```", "## Part", "## Part", "#hashtag"});
    CHECK(h.anchors == std::set<std::string>{"title", "part", "part-1"});
    CHECK(h.texts.count("part") == 1);
}
