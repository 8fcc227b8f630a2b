// secret_values: what the worker's logs and status traces must not show.
#include <catch2/catch.hpp>

#include "common/secret_values.hpp"

using copycat::secret_values;

TEST_CASE("secret_values hides each recorded value, the longest first, until its owner is erased") {
    secret_values s;
    CHECK(s.hide("nothing recorded: s3cret") == "nothing recorded: s3cret");
    s.set("connector a", {"s3cret", "s3cret-and-more", "ab"});  // "ab" is too short to record
    s.set("task a-0", {"s3cret"});
    CHECK(s.hide("s3cret-and-more, s3cret, ab, s3crets3cret") == "[hidden], [hidden], ab, [hidden][hidden]");
    s.erase("connector a");
    CHECK(s.hide("s3cret-and-more") == "[hidden]-and-more");  // the task still holds "s3cret"
    s.set("task a-0", {});
    CHECK(s.hide("s3cret") == "s3cret");
}
