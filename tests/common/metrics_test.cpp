// The metrics registry and its Prometheus text exposition (format 0.0.4).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <thread>
#include <vector>

#include "common/metrics.hpp"

using namespace copycat::metrics;

TEST_CASE("counters and gauges are exposed with HELP, TYPE and sorted labels") {
    registry reg;
    auto polled = reg.counter("copycat_records_total", "Records seen", {{"task", "0"}, {"connector", "c1"}});
    auto size = reg.gauge("copycat_batch_size", "Last batch size");
    polled->add(3);
    polled->add(4);
    size->set(12.5);

    CHECK(reg.expose() ==
          "# HELP copycat_batch_size Last batch size\n"
          "# TYPE copycat_batch_size gauge\n"
          "copycat_batch_size 12.5\n"
          "# HELP copycat_records_total Records seen\n"
          "# TYPE copycat_records_total counter\n"
          "copycat_records_total{connector=\"c1\",task=\"0\"} 7\n");
}

TEST_CASE("asking again for a live series returns the same series") {
    registry reg;
    auto a = reg.counter("x_total", "x", {{"connector", "c"}});
    auto b = reg.counter("x_total", "x", {{"connector", "c"}});
    CHECK(a == b);
    auto other = reg.counter("x_total", "x", {{"connector", "d"}});
    CHECK(other != a);
    a->add(2);
    other->add(5);
    CHECK(reg.value_of("x_total", {{"connector", "c"}}) == 2);
    CHECK(reg.value_of("x_total", {{"connector", "d"}}) == 5);
}

TEST_CASE("a series disappears when its last holder lets it go") {
    registry reg;
    auto keep = reg.counter("y_total", "y", {{"task", "0"}});
    {
        auto gone = reg.counter("y_total", "y", {{"task", "1"}});
        gone->add(1);
        CHECK(reg.expose().find("task=\"1\"") != std::string::npos);
    }
    const auto text = reg.expose();
    CHECK(text.find("task=\"1\"") == std::string::npos);
    CHECK(text.find("y_total{task=\"0\"} 0") != std::string::npos);
    keep.reset();
    CHECK(reg.expose().empty());  // a family without live series is left out entirely
    CHECK(std::isnan(reg.value_of("y_total", {{"task", "0"}})));
}

TEST_CASE("observed series are read at scrape time and the newest duplicate wins") {
    registry reg;
    double now = 1;
    auto up = reg.observe("uptime_seconds", "Uptime", metric_type::gauge, {}, [&] { return now; });
    CHECK(reg.value_of("uptime_seconds") == 1);
    now = 42.25;
    CHECK(reg.expose().find("uptime_seconds 42.25\n") != std::string::npos);

    auto newer = reg.observe("uptime_seconds", "Uptime", metric_type::gauge, {}, [] { return 7.0; });
    const auto text = reg.expose();
    CHECK(text.find("uptime_seconds 7\n") != std::string::npos);
    CHECK(text.find("42.25") == std::string::npos);
    newer.reset();
    CHECK(reg.value_of("uptime_seconds") == 42.25);
}

TEST_CASE("label values and help text are escaped; bad label names are made valid") {
    registry reg;
    auto g = reg.gauge("esc", "line one\nback\\slash", {{"connector", "a\"b\\c\nd"}, {"bad-name", "v"}});
    const auto text = reg.expose();
    CHECK(text.find("# HELP esc line one\\nback\\\\slash\n") != std::string::npos);
    CHECK(text.find("esc{bad_name=\"v\",connector=\"a\\\"b\\\\c\\nd\"} 0\n") != std::string::npos);
}

TEST_CASE("invalid names and type clashes are not exposed, and never crash") {
    registry reg;
    auto bad = reg.counter("9starts-with-digit", "bad");
    bad->add(1);  // usable, just not exposed
    auto c = reg.counter("clash", "as counter");
    auto g = reg.gauge("clash", "as gauge");
    g->set(5);
    c->add(1);
    const auto text = reg.expose();
    CHECK(text.find("9starts") == std::string::npos);
    CHECK(text.find("# TYPE clash counter\nclash 1\n") != std::string::npos);
    CHECK(text.find("clash 5") == std::string::npos);
}

TEST_CASE("sample values render as Prometheus expects") {
    CHECK(render_value(0) == "0");
    CHECK(render_value(123456789) == "123456789");
    CHECK(render_value(-3) == "-3");
    CHECK(render_value(0.25) == "0.25");
    CHECK(render_value(std::numeric_limits<double>::infinity()) == "+Inf");
    CHECK(render_value(-std::numeric_limits<double>::infinity()) == "-Inf");
    CHECK(render_value(std::numeric_limits<double>::quiet_NaN()) == "NaN");
    CHECK(render_value(1e20) == "1e+20");
    CHECK(render_labels({}).empty());
    CHECK(render_labels({{"b", "2"}, {"a", "1"}}) == "{a=\"1\",b=\"2\"}");
}

TEST_CASE("counters and gauges take concurrent updates without losing any") {
    registry reg;
    auto c = reg.counter("concurrent_total", "c");
    auto g = reg.gauge("concurrent_gauge", "g");
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < 10000; ++i) {
                c->add(2);
                g->add(1);
            }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(c->count() == 80000);
    CHECK(g->value() == 40000);
}

TEST_CASE("a collector's samples join the exposition while its handle lives, merged by family and labels") {
    registry reg;
    auto polled = reg.counter("b_total", "B", {{"task", "0"}});
    polled->add(2);
    auto handle = reg.collect([](sample_writer& out) {
        out.add("a_status", "A", metric_type::gauge, render_labels({{"status", "running"}}), 1);
        out.add("b_total", "ignored help", metric_type::counter, render_labels({{"task", "1"}}), 5);
        out.add("b_total", "", metric_type::counter, render_labels({{"task", "0"}}), 9);  // a series has it
        out.add("b_total", "", metric_type::gauge, render_labels({{"task", "2"}}), 7);    // another type
        out.add("c", "C", metric_type::gauge, "", 3);
    });
    CHECK(reg.expose() ==
          "# HELP a_status A\n"
          "# TYPE a_status gauge\n"
          "a_status{status=\"running\"} 1\n"
          "# HELP b_total B\n"
          "# TYPE b_total counter\n"
          "b_total{task=\"0\"} 2\n"
          "b_total{task=\"1\"} 5\n"
          "# HELP c C\n"
          "# TYPE c gauge\n"
          "c 3\n");
    CHECK(reg.value_of("b_total", {{"task", "1"}}) == 5);
    CHECK(reg.value_of("c") == 3);
    handle.reset();
    CHECK(reg.expose() ==
          "# HELP b_total B\n"
          "# TYPE b_total counter\n"
          "b_total{task=\"0\"} 2\n");
}
