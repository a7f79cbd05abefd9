package io.github.radixwheel.benchmarks.report;

import io.github.radixwheel.benchmarks.jmh.Workload;
import io.github.radixwheel.benchmarks.peers.Impl;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/**
 * Markdown tables and a chart of JMH results. One table for the peer suite ({@link Workload}), one
 * per other benchmark class; one row per workload (with its other parameters) and size, one column
 * per implementation. A cell shows the score, the fastest of its row in bold, and, where the run
 * used {@code -prof gc}, the allocation per unit after a "·". A missing cell says why
 * ({@link Workload#whyNot}, e.g. "n/a"), or "—" if the combination was not run. The last column
 * divides radixwheel's best score by the best other: below 1 radixwheel is faster by that factor.
 *
 * <p>Re-render a saved run (a file JMH wrote with {@code -rf json}); this writes
 * {@code results.md} and {@code results.png} beside it, or into {@code --out}:
 *
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar io.github.radixwheel.benchmarks.report.Report results.json
 * }</pre>
 */
public final class Report {
    /** This project's implementations, compared with the best other in the last column. */
    static final Set<String> OURS = Set.of("radixwheel", "IndexedTimingWheelQueue", "TimingWheelQueue", "FutureEventList",
            "TimingWheelExecutor", "RadixWheelTimer");

    private Report() {
    }

    /**
     * @param args a JMH JSON result file, and optionally {@code --out DIR}
     * @throws IOException if a file cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        OptionParser parser = new OptionParser();
        OptionSpec<String> out = parser.accepts("out", "output directory").withRequiredArg();
        OptionSpec<String> json = parser.nonOptions("JMH JSON result file").ofType(String.class);
        OptionSet options = parser.parse(args);
        Path file = Path.of(options.valueOf(json));
        Path dir = options.has(out) ? Path.of(options.valueOf(out)) : file.toAbsolutePath().getParent();
        List<Result> results = Result.read(file);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("results.md"), markdown(results), StandardCharsets.UTF_8);
        chart(results, RunInfo.ofThisMachine(), dir.resolve("results.png"));
    }

    /**
     * Writes the chart ({@link Chart}).
     *
     * @param results results of one or more JMH runs
     * @param info the caption
     * @param png the file to write
     * @throws IOException if it cannot be written
     */
    public static void chart(List<Result> results, RunInfo info, Path png) throws IOException {
        Chart.write(results, info, png);
    }

    /**
     * @param results results of one or more JMH runs
     * @return Markdown tables, the peer suite's first
     */
    public static String markdown(List<Result> results) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, List<Result>> table : tables(results).entrySet()) {
            sb.append(sb.length() == 0 ? "" : "\n").append("### ").append(table.getKey()).append("\n\n");
            table(sb, table.getValue());
        }
        return sb.toString();
    }

    /** @return the results grouped by {@link Result#table()}, the peer suite first */
    static Map<String, List<Result>> tables(List<Result> results) {
        List<Result> suiteFirst = new ArrayList<>(results);
        suiteFirst.sort(Comparator.comparing(r -> r.workload() == null));
        Map<String, List<Result>> tables = new LinkedHashMap<>();
        suiteFirst.forEach(r -> tables.computeIfAbsent(r.table(), k -> new ArrayList<>()).add(r));
        return tables;
    }

    /** @return the implementations of these results: the suite's in {@link Impl} order, then the others as they come */
    static List<String> columns(List<Result> results) {
        Set<String> present = new LinkedHashSet<>();
        results.stream().filter(r -> r.workload() == null).forEach(r -> present.add(r.impl()));
        List<String> columns = new ArrayList<>();
        for (Impl impl : Impl.values()) {
            if (results.stream().anyMatch(r -> r.workload() != null && r.impl().equals(impl.param()))) {
                columns.add(impl.param());
                present.remove(impl.param());
            }
        }
        columns.addAll(present);
        return columns;
    }

    /**
     * @return rows by label then size: the suite's workloads in their order, other labels as they
     *     come, numeric sizes ascending; each row maps an implementation to its result
     */
    static Map<String, Map<String, Map<String, Result>>> rows(List<Result> results) {
        List<String> labels = new ArrayList<>();
        results.forEach(r -> {
            if (!labels.contains(r.label())) {
                labels.add(r.label());
            }
        });
        List<Result> sorted = new ArrayList<>(results);
        sorted.sort(Comparator.comparingInt((Result r) -> r.workload() == null ? Integer.MAX_VALUE : r.workload().ordinal())
                .thenComparingInt(r -> labels.indexOf(r.label()))
                .thenComparingLong(r -> r.size().matches("\\d+") ? Long.parseLong(r.size()) : 0));
        Map<String, Map<String, Map<String, Result>>> rows = new LinkedHashMap<>();
        for (Result r : sorted) {
            rows.computeIfAbsent(r.label(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(r.size(), k -> new LinkedHashMap<>()).put(r.impl(), r);
        }
        return rows;
    }

    private static void table(StringBuilder sb, List<Result> results) {
        List<String> columns = columns(results);
        boolean ratio = columns.stream().anyMatch(OURS::contains) && columns.stream().anyMatch(c -> !OURS.contains(c));
        sb.append("| workload | size | unit |");
        columns.forEach(c -> sb.append(' ').append(c).append(" |"));
        sb.append(ratio ? " radixwheel ÷ best other |" : "").append("\n|---|---:|---|");
        sb.append("---:|".repeat(columns.size() + (ratio ? 1 : 0))).append('\n');
        for (Map.Entry<String, Map<String, Map<String, Result>>> label : rows(results).entrySet()) {
            for (Map.Entry<String, Map<String, Result>> row : label.getValue().entrySet()) {
                Map<String, Result> cells = row.getValue();
                Result any = cells.values().iterator().next();
                Result best = best(cells, c -> true);
                sb.append("| ").append(label.getKey()).append(" | ").append(sizeLabel(row.getKey()))
                        .append(" | ").append(any.valueUnit()).append(" |");
                for (String c : columns) {
                    Result r = cells.get(c);
                    sb.append(' ').append(r == null ? missing(any, c) : cell(r, r == best)).append(" |");
                }
                sb.append(ratio ? " " + ratio(cells) + " |" : "").append('\n');
            }
        }
    }

    private static Result best(Map<String, Result> cells, Predicate<String> which) {
        Result best = null;
        for (Map.Entry<String, Result> e : cells.entrySet()) {
            Result r = e.getValue();
            if (which.test(e.getKey()) && (best == null || (r.higherIsBetter() ? r.value() > best.value() : r.value() < best.value()))) {
                best = r;
            }
        }
        return best;
    }

    private static String cell(Result r, boolean best) {
        String v = best ? "**" + number(r.value()) + "**" : number(r.value());
        return Double.isNaN(r.alloc()) ? v : v + " · " + bytes(r.alloc());
    }

    private static String missing(Result row, String column) {
        Workload w = row.workload();
        String why = w == null ? null : w.whyNot(Impl.of(column), Integer.parseInt(row.size()));
        return why == null ? "—" : why;
    }

    private static String ratio(Map<String, Result> cells) {
        Result mine = best(cells, OURS::contains);
        Result other = best(cells, c -> !OURS.contains(c));
        if (mine == null || other == null) {
            return "—";
        }
        double ratio = mine.higherIsBetter() ? other.value() / mine.value() : mine.value() / other.value();
        return String.format(Locale.ROOT, "%.2f× (%s)", ratio, other.impl());
    }

    /** @return a size as {@code 2^k} when it is a power of two, else as it is */
    static String sizeLabel(String size) {
        if (!size.matches("\\d+")) {
            return size;
        }
        long n = Long.parseLong(size);
        return n > 0 && Long.bitCount(n) == 1 ? "2^" + Long.numberOfTrailingZeros(n) : size;
    }

    /** @return a score with three significant digits (thousands separated) */
    static String number(double v) {
        double a = Math.abs(v);
        String format = a >= 100 ? "%,.0f" : a >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, format, v);
    }

    /** @return bytes, rounded: whole bytes, "0 B" below half a byte (JMH's own bookkeeping) */
    static String bytes(double b) {
        return b < 0.5 ? "0 B" : String.format(Locale.ROOT, "%,.0f B", b);
    }
}
