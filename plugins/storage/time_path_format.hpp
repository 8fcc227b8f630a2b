// path.format of the time-based partitioners: a Joda-Time DateTimeFormat pattern, as Confluent's
// TimeBasedPartitioner takes it, e.g. "'year'=YYYY/'month'=MM/'day'=dd/'hour'=HH".
//
// Supported: quoted literal text ('' is a quote), any other non-letter character as it is, and
// the numeric fields Y/y (year), M (month), d (day of month), D (day of year), H (hour of day),
// m (minute) and s (second), each zero-padded to the number of letters (YY is
// the year's last two digits, as in Joda). Text fields (MMM, EEE, a) would depend on the locale
// and are refused, as are letters Joda does not know.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace copycat::storage {

class time_path_format {
public:
    /// Parses the pattern; throws config_error naming path.format when it cannot be used.
    explicit time_path_format(std::string_view pattern);

    /// The path of the instant `local_ms` (milliseconds since the epoch, already moved to the
    /// partitioner's time zone).
    std::string format(std::int64_t local_ms) const;

private:
    struct token {
        char field = 0;  // 0: literal text
        int width = 0;
        std::string text;
    };
    std::vector<token> tokens_;
};

}  // namespace copycat::storage
