// SPDX-License-Identifier: Apache-2.0
// serve-sim's /metrics for each server it speaks for (docs/servesim.md, /metrics), without a network:
// vLLM V1's names, labels, buckets and counting rules; SGLang's; the LoRA info lists in vLLM's two
// forms; promtool finds nothing to remark; the replay's scraper (replay/servermap.cpp) reads each
// exposition into the quantities the desktop's Replay tab charts.

#include "replay/prometheus.h"
#include "replay/servermap.h"
#include "server/servermetrics.h"

#include "promtoolcheck.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace lorascope;

namespace {

bool has(const std::string& text, const std::string& needle)
{
    return text.find(needle) != std::string::npos;
}

// The value of the sample line that starts with `prefix` ("name{labels}"); NaN if none.
double sample(const std::string& text, const std::string& prefix)
{
    const auto at = text.find("\n" + prefix);
    if (at == std::string::npos)
        return NAN;
    const auto eol = text.find('\n', at + 1);
    const std::string line = text.substr(at + 1, eol - at - 1);
    return std::atof(line.c_str() + line.rfind(' ') + 1);
}

MetricsSetup vllmSetup(bool split)
{
    MetricsSetup s;
    s.server = ServerKind::Vllm;
    s.modelName = "llama";
    s.maxLora = 2;
    s.loraInfoSplit = split;
    s.maxModelLen = 520;
    s.blockSize = 16;
    s.numGpuBlocks = 50;
    return s;
}

// Adapter b queues, then a; b is scheduled.
void twoAdapters(ServerMetrics& m)
{
    m.adapterRequests("b", 0, +1);
    m.adapterRequests("a", 0, +1);
    m.adapterRequests("b", +1, -1);
}

} // namespace

class TestServeSimMetrics : public QObject {
    Q_OBJECT
private slots:
    // vLLM V1's names and labels, the counters counted when vLLM counts them, promtool clean.
    void vllm()
    {
        ServerMetrics m(vllmSetup(false));
        EngineGauges g;
        g.running = 1;
        g.waiting = 1;
        g.kvUsed = 12 * 16;
        g.kvCapacity = 49 * 16;
        g.residentAdapters = 1;
        m.setScheduler(g);
        twoAdapters(m);
        m.requestScheduled(0.4); // vLLM observes the queue time when the request finishes
        m.firstToken(0.5, 100);
        const double gaps[] = { 0.02, 0.03, 0.2 };
        m.observeInterTokenLatencies(gaps, 3);
        m.addGenerationTokens(4);
        m.addPreemptions(1, 100, 3);
        m.prefixCacheLookups(120, 48); // a pass looked up 120 tokens, 48 of them cached
        RequestEnd end;
        end.e2e = 0.75;
        end.queue = 0.4;
        end.prefill = 0.1;
        end.decode = 0.25;
        end.inference = 0.35;
        end.promptTokens = 100;
        end.generatedTokens = 4;
        end.maxTokens = 4;
        m.requestFinished(end);
        const std::string t = m.exposition();
        const std::string l = "{engine=\"0\",model_name=\"llama\"}";
        for (const std::string& needle :
            { "vllm:num_requests_running" + l + " 1", "vllm:num_requests_waiting" + l + " 1",
                "vllm:kv_cache_usage_perc" + l + " 0.2448", "vllm:prompt_tokens_total" + l + " 100",
                "vllm:generation_tokens_total" + l + " 4", "vllm:num_preemptions_total" + l + " 1",
                "vllm:prefix_cache_queries_total" + l + " 120", "vllm:prefix_cache_hits_total" + l + " 48",
                std::string(
                    "vllm:cache_config_info{block_size=\"16\",cache_dtype=\"auto\",enable_prefix_caching=\"False\","
                    "engine=\"0\",num_gpu_blocks=\"50\"} 1"),
                // 1-2-5 buckets up to max_model_len 520: 500 is the last finite one.
                std::string("vllm:request_prompt_tokens_bucket{engine=\"0\",model_name=\"llama\",le=\"500\"} 1"),
                std::string("vllm:request_prompt_tokens_bucket{engine=\"0\",model_name=\"llama\",le=\"50\"} 0"),
                std::string(
                    "vllm:inter_token_latency_seconds_bucket{engine=\"0\",model_name=\"llama\",le=\"0.025\"} 1"),
                std::string("vllm:inter_token_latency_seconds_bucket{engine=\"0\",model_name=\"llama\",le=\"0.05\"} 2"),
                "vllm:inter_token_latency_seconds_count" + l + " 3", "vllm:request_queue_time_seconds_count" + l + " 1",
                "vllm:request_prefill_time_seconds_count" + l + " 1",
                "vllm:request_decode_time_seconds_sum" + l + " 0.25",
                "vllm:request_time_per_output_token_seconds_count" + l + " 1",
                std::string(
                    "vllm:request_success_total{engine=\"0\",finished_reason=\"length\",model_name=\"llama\"} 1"),
                // Since vLLM PR #26801 both labels carry every adapter with a request, in the order they got one.
                std::string("vllm:lora_requests_info{max_lora=\"2\",running_lora_adapters=\"b,a\","
                            "waiting_lora_adapters=\"b,a\"}") })
            QVERIFY2(has(t, needle), needle.c_str());
        QVERIFY(!has(t, "vllm:gpu_cache_usage_perc")); // gone from vLLM V1
        QVERIFY(!has(t, "sglang:"));
        // The info gauge's value is a Unix time (set_to_current_time), now.
        const auto at = t.find("\nvllm:lora_requests_info{");
        const double stamp = std::atof(t.c_str() + t.find(' ', t.find('}', at)) + 1);
        QVERIFY2(stamp > 1.7e9 && stamp < 4e9, qPrintable(QString::number(stamp)));
        const QString problems = promtoolProblems(t);
        QVERIFY2(problems.isEmpty(), qPrintable(problems));

        // An adapter that leaves and comes back goes to the end of the lists.
        m.adapterRequests("b", -1, 0);
        m.adapterRequests("b", 0, +1);
        QVERIFY(has(m.exposition(), "running_lora_adapters=\"a,b\",waiting_lora_adapters=\"a,b\""));

        // The scraper reads it as the Replay tab needs it.
        const ServerSample s = mapServerMetrics(parsePrometheusText(t));
        QCOMPARE(s.system, std::string("vllm"));
        QCOMPARE(s.running, 1.0);
        QCOMPARE(s.waiting, 1.0);
        QVERIFY(std::abs(s.kvUsage - 12.0 / 49.0) < 1e-9);
        QCOMPARE(s.adaptersResident, 1.0);
        QCOMPARE(s.maxLora, 2.0);
        QCOMPARE(s.preemptionsTotal, 1.0);
        QCOMPARE(s.runningAdapters, (std::vector<std::string> { "b", "a" }));
        QCOMPARE(s.ttft.counts.back(), 1.0);
    }

    // vLLM before PR #26801 (and serve-sim's S-LoRA set): running and waiting adapters apart.
    void vllmSplitLists()
    {
        ServerMetrics m(vllmSetup(true));
        twoAdapters(m);
        QVERIFY(has(m.exposition(), "running_lora_adapters=\"b\",waiting_lora_adapters=\"a\""));
        MetricsSetup slora;
        ServerMetrics s(slora);
        twoAdapters(s);
        QVERIFY(has(s.exposition(), "max_lora=\"0\",running_lora_adapters=\"b\",waiting_lora_adapters=\"a\""));
    }

    // SGLang's names and labels: scheduler gauges with engine_type/tp_rank/pp_rank, tokenizer counters with
    // model_name, the LoRA pool, retractions; prompt tokens counted when a request finishes.
    void sglang()
    {
        MetricsSetup setup;
        setup.server = ServerKind::Sglang;
        setup.modelName = "llama";
        setup.loraSlots = 8;
        setup.maxTotalTokens = 2500;
        ServerMetrics m(setup);
        EngineGauges g;
        g.running = 4;
        g.waiting = 2;
        g.kvUsed = 1000;
        g.kvCapacity = 2500;
        g.residentAdapters = 3;
        m.setScheduler(g);
        m.requestScheduled(0.3);
        m.firstToken(0.5, 100);
        const std::string before = m.exposition();
        QVERIFY2(
            has(before, "sglang:prompt_tokens_total{model_name=\"llama\"} 0"), "counted when the request finishes");
        m.addPreemptions(2, 300, 40);
        m.prefixCacheLookups(200, 50); // the last prefill batch: a quarter of its prompt tokens cached
        RequestEnd end;
        end.e2e = 2.0;
        end.promptTokens = 100;
        end.cachedTokens = 64; // counted when the request leaves
        end.generatedTokens = 5;
        m.requestFinished(end);
        RequestEnd aborted;
        aborted.reason = FinishReason::Abort;
        aborted.promptTokens = 7;
        m.requestFinished(aborted);
        const std::string t = m.exposition();
        const std::string sl = "{engine_type=\"unified\",model_name=\"llama\",pp_rank=\"0\",tp_rank=\"0\"}";
        const std::string tl = "{model_name=\"llama\"}";
        for (const std::string& needle : { "sglang:num_running_reqs" + sl + " 4", "sglang:num_queue_reqs" + sl + " 2",
                 "sglang:token_usage" + sl + " 0.4", "sglang:num_used_tokens" + sl + " 1000",
                 "sglang:max_total_num_tokens" + sl + " 2500", "sglang:cache_hit_rate" + sl + " 0.25",
                 "sglang:lora_pool_slots_used" + sl + " 3", "sglang:lora_pool_slots_total" + sl + " 8",
                 "sglang:lora_pool_utilization" + sl + " 0.375", "sglang:num_retracted_requests_total" + sl + " 2",
                 "sglang:num_retracted_input_tokens_total" + sl + " 300",
                 "sglang:num_retracted_output_tokens_total" + sl + " 40", "sglang:queue_time_seconds_count" + sl + " 1",
                 "sglang:prompt_tokens_total" + tl + " 107", "sglang:num_requests_total" + tl + " 2",
                 "sglang:num_aborted_requests_total" + tl + " 1", "sglang:cached_tokens_total" + tl + " 64",
                 "sglang:time_to_first_token_seconds_count" + tl + " 1",
                 "sglang:e2e_request_latency_seconds_count" + tl + " 1",
                 std::string("sglang:time_to_first_token_seconds_bucket{model_name=\"llama\",le=\"0.6\"} 1"),
                 std::string("sglang:time_to_first_token_seconds_bucket{model_name=\"llama\",le=\"0.4\"} 0") })
            QVERIFY2(has(t, needle), needle.c_str());
        QVERIFY(!has(t, "vllm:"));
        const QString problems = promtoolProblems(t);
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
        const ServerSample s = mapServerMetrics(parsePrometheusText(t));
        QCOMPARE(s.system, std::string("sglang"));
        QCOMPARE(s.running, 4.0);
        QCOMPARE(s.waiting, 2.0);
        QVERIFY(std::abs(s.kvUsage - 0.4) < 1e-12);
        QCOMPARE(s.adaptersResident, 3.0);
        QCOMPARE(s.maxLora, 8.0);
        QCOMPARE(s.preemptionsTotal, 2.0);
        QCOMPARE(s.requestsFinishedTotal, 2.0);
    }
};

QTEST_GUILESS_MAIN(TestServeSimMetrics)
#include "tst_servesimmetrics.moc"
