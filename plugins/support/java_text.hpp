// The text Java's String.valueOf(Object) gives for a Connect value, which is what Kafka's
// FileStreamSinkTask writes for each record.
#pragma once

#include <string>

#include "copycat/data/value.hpp"

namespace copycat::plugin_support {

/// Appends the Java text of `v` to `out`: strings as they are, null as "null", numbers as
/// Java prints them (doubles "1.0", "1.0E10"; floats alike), lists "[a, b]", maps "{k=v}",
/// structs "Struct{a=1,b=x}". Where Java's text is of no use — bytes ("[B@1b6d3586"), and
/// dates and times in the JVM's time zone — the value's own text is used instead: base64 and
/// ISO-8601.
void append_java_text(std::string& out, const value& v);

}  // namespace copycat::plugin_support
