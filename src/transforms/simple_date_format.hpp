// java.text.SimpleDateFormat patterns, fixed to the UTC time zone and US English names, as
// TimestampRouter and TimestampConverter use them (both set the zone to UTC).
//
// Pattern letters: G y Y M L w W D d F E u a H k K h m s S z Z X; text in single quotes is
// literal ('' is a quote). Dates use the proleptic Gregorian calendar (Java switches to the
// Julian calendar before 1582-10-15), weeks follow the US rules (weeks start on Sunday, week 1
// contains January 1).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace copycat::transforms {

class simple_date_format {
public:
    /// Compiles `pattern`. Throws std::invalid_argument like Java's constructor:
    /// "Illegal pattern character 'b'", "Unterminated quote".
    explicit simple_date_format(std::string_view pattern);

    const std::string& pattern() const noexcept { return pattern_; }

    /// The text of an instant (milliseconds since the epoch), e.g. "20170103" for "yyyyMMdd".
    std::string format(std::int64_t epoch_millis) const;

    /// Parses text from its start, leniently like Java (out-of-range fields roll over, e.g.
    /// month 13 is January of the next year; text after the pattern is ignored). nullopt when
    /// the text does not match (Java: ParseException).
    std::optional<std::int64_t> parse(std::string_view text) const;

private:
    struct element {
        char letter = 0;  // 0 for literal text
        int count = 0;
        std::string literal;
    };

    struct parsed_fields;

    bool parse_field(const element& e, bool obey_count, std::string_view text, std::size_t& pos,
                     parsed_fields& out) const;

    std::string pattern_;
    std::vector<element> elements_;
};

}  // namespace copycat::transforms
