// line_buffer: line ends, lines split across reads, growth.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

#include "file/line_buffer.hpp"

using copycat::file::line_buffer;

namespace {

void feed(line_buffer& buffer, std::string_view text) {
    while (!text.empty()) {
        auto space = buffer.free_space();
        const std::size_t n = std::min(space.size(), text.size());
        std::memcpy(space.data(), text.data(), n);
        buffer.fill(n);
        text.remove_prefix(n);
    }
}

std::vector<std::string> drain(line_buffer& buffer, std::vector<std::size_t>* lengths = nullptr) {
    std::vector<std::string> lines;
    while (auto line = buffer.next_line()) {
        lines.emplace_back(line->text);
        if (lengths) lengths->push_back(line->length);
    }
    return lines;
}

}  // namespace

TEST_CASE("line_buffer splits on LF, CR and CRLF") {
    line_buffer buffer(64);
    feed(buffer, "a\nb\rc\r\n\nd");
    std::vector<std::size_t> lengths;
    CHECK(drain(buffer, &lengths) == std::vector<std::string>{"a", "b", "c", ""});
    CHECK(lengths == std::vector<std::size_t>{2, 2, 3, 1});
    CHECK(buffer.buffered() == 1);
}

TEST_CASE("line_buffer waits for the byte after a final CR") {
    line_buffer buffer(64);
    feed(buffer, "a\r");
    CHECK_FALSE(buffer.next_line().has_value());
    feed(buffer, "\n");
    auto line = buffer.next_line();
    REQUIRE(line.has_value());
    CHECK(line->text == "a");
    CHECK(line->length == 3);
}

TEST_CASE("line_buffer take_rest treats the end of input as a line end") {
    line_buffer buffer(64);
    feed(buffer, "x\r");
    auto rest = buffer.take_rest();
    REQUIRE(rest.has_value());
    CHECK(rest->text == "x");
    CHECK(rest->length == 2);
    CHECK_FALSE(buffer.take_rest().has_value());

    feed(buffer, "tail");
    rest = buffer.take_rest();
    REQUIRE(rest.has_value());
    CHECK(rest->text == "tail");
    CHECK(rest->length == 4);
}

TEST_CASE("line_buffer grows for a line longer than its capacity and keeps lines split across reads") {
    line_buffer buffer(8);
    const std::string long_line(100, 'z');
    feed(buffer, "ab");
    CHECK(drain(buffer).empty());
    feed(buffer, "c\n" + long_line + "\nend");
    CHECK(drain(buffer) == std::vector<std::string>{"abc", long_line});
    CHECK(buffer.capacity() >= 100);
    feed(buffer, "\n");
    CHECK(drain(buffer) == std::vector<std::string>{"end"});
    CHECK(buffer.buffered() == 0);
}
