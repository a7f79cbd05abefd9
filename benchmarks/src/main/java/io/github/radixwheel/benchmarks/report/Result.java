package io.github.radixwheel.benchmarks.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.radixwheel.benchmarks.jmh.Workload;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.RunResult;

/**
 * One benchmark result, as the report needs it: from JMH's {@link RunResult} or from a saved JMH
 * JSON file.
 *
 * @param benchmark the benchmark, {@code SimpleClassName.method}
 * @param mode JMH's mode, e.g. {@code avgt}
 * @param params every parameter, in JMH's order
 * @param score the primary score
 * @param unit the primary score's unit, e.g. {@code ns/op}
 * @param timers the {@value Workload#TIMER_METRIC} secondary score, or NaN
 * @param allocNorm {@code gc.alloc.rate.norm} in bytes per invocation, or NaN
 */
public record Result(String benchmark, String mode, Map<String, String> params, double score, String unit,
        double timers, double allocNorm) {
    /** The parameters that the tables show as the size column, in order of preference. */
    static final List<String> SIZE_PARAMS = List.of("size", "graph", "keys", "pending");
    private static final String ALLOC = "gc.alloc.rate.norm";

    /**
     * @param run a JMH result
     * @return it
     */
    public static Result of(RunResult run) {
        BenchmarkParams p = run.getParams();
        Map<String, String> params = new LinkedHashMap<>();
        for (String key : p.getParamsKeys()) {
            params.put(key, p.getParam(key));
        }
        var secondary = run.getSecondaryResults();
        return new Result(simpleName(p.getBenchmark()), p.getMode().shortLabel(), params,
                run.getPrimaryResult().getScore(), run.getPrimaryResult().getScoreUnit(),
                secondary.containsKey(Workload.TIMER_METRIC) ? secondary.get(Workload.TIMER_METRIC).getScore() : Double.NaN,
                secondary.containsKey(ALLOC) ? secondary.get(ALLOC).getScore() : Double.NaN);
    }

    /**
     * @param json a file JMH wrote with {@code -rf json}
     * @return its results
     * @throws IOException if it cannot be read
     * @throws IllegalArgumentException if it is not a JMH result file
     */
    public static List<Result> read(Path json) throws IOException {
        try (Reader in = Files.newBufferedReader(json, StandardCharsets.UTF_8)) {
            List<Result> results = new ArrayList<>();
            for (JsonElement e : JsonParser.parseReader(in).getAsJsonArray()) {
                JsonObject r = e.getAsJsonObject();
                Map<String, String> params = new LinkedHashMap<>();
                if (r.has("params")) {
                    r.getAsJsonObject("params").entrySet().forEach(p -> params.put(p.getKey(), p.getValue().getAsString()));
                }
                JsonObject primary = r.getAsJsonObject("primaryMetric");
                JsonObject secondary = r.has("secondaryMetrics") ? r.getAsJsonObject("secondaryMetrics") : new JsonObject();
                results.add(new Result(simpleName(r.get("benchmark").getAsString()), r.get("mode").getAsString(), params,
                        primary.get("score").getAsDouble(), primary.get("scoreUnit").getAsString(),
                        score(secondary, Workload.TIMER_METRIC), score(secondary, ALLOC)));
            }
            return results;
        } catch (IllegalStateException | NullPointerException | UnsupportedOperationException | com.google.gson.JsonParseException e) {
            throw new IllegalArgumentException(json + " is not a JMH JSON result file: " + e.getMessage(), e);
        }
    }

    private static double score(JsonObject metrics, String name) {
        return metrics.has(name) ? metrics.getAsJsonObject(name).get("score").getAsDouble() : Double.NaN;
    }

    private static String simpleName(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        return benchmark.substring(benchmark.lastIndexOf('.', method - 1) + 1);
    }

    /** @return the {@code impl} parameter, or the method's name for a benchmark without one */
    public String impl() {
        return params.getOrDefault("impl", benchmark.substring(benchmark.indexOf('.') + 1));
    }

    /** @return the value of the size column ({@link #SIZE_PARAMS}), or "" */
    public String size() {
        for (String p : SIZE_PARAMS) {
            if (params.containsKey(p)) {
                return params.get(p);
            }
        }
        return "";
    }

    /** @return the workload of the peer suite this measures, or null */
    public Workload workload() {
        return Workload.ofBenchmark(benchmark);
    }

    /** @return whether the score shown is per timer (the {@value Workload#TIMER_METRIC} secondary score) */
    boolean perTimer() {
        Workload w = workload();
        return w != null && w.unit() == Workload.Unit.TIMER && !Double.isNaN(timers);
    }

    /** @return the score the report shows */
    public double value() {
        return perTimer() ? timers : score;
    }

    /** @return the unit of {@link #value()} */
    public String valueUnit() {
        return perTimer() ? unit.replace("/op", "/timer") : unit;
    }

    /** @return the allocation per unit of {@link #value()}, in bytes, or NaN */
    public double alloc() {
        return perTimer() ? allocNorm * timers / score : allocNorm;
    }

    /** @return whether a higher score is better (throughput) */
    public boolean higherIsBetter() {
        return mode.equals("thrpt");
    }

    /** @return the table this belongs to: the peer suite, or its benchmark class */
    String table() {
        return workload() != null ? "Peer suite" : benchmark.substring(0, benchmark.indexOf('.'));
    }

    /** @return the row label without the size: the workload's label, or the benchmark, and the other parameters */
    String label() {
        Workload w = workload();
        String base = w != null ? w.label() : params.containsKey("impl") ? benchmark : table();
        StringJoiner other = new StringJoiner(", ", " (", ")").setEmptyValue("");
        params.forEach((k, v) -> {
            if (!k.equals("impl") && !SIZE_PARAMS.contains(k)) {
                other.add(k + "=" + v);
            }
        });
        return base + other;
    }
}
