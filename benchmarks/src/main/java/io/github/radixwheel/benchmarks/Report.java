package io.github.radixwheel.benchmarks;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import javax.imageio.ImageIO;

/**
 * Turns a JMH JSON result file into (a) Markdown tables and (b) a PNG chart of ns/op against N.
 *
 * <p><b>Tables.</b> One row per workload (benchmark and its other parameters) and size, one
 * column per implementation (the {@code impl} parameter). The virtual-clock peer suite
 * ({@link Workload}) gets one table with a column for every {@link Impl}; any other benchmark
 * class (e.g. {@link QueueBenchmark}, the thread-driven {@link NettyBenchmark}) gets a table of its
 * own. A cell shows the score, the fastest of its row in bold, and, where the run used
 * {@code -prof gc}, the allocation per operation ({@code gc.alloc.rate.norm}) after a "·". For the
 * workloads whose unit is {@link Workload.Unit#TIMER} the score is the {@value Workload#TIMER_METRIC}
 * secondary result, ns per timer, and the allocation is divided by the timers per invocation
 * likewise. A missing cell says why: the reason from {@link Workload#whyNot} (e.g.
 * "n/a (peer lacks next-expiry query)"), or "—" if the combination was simply not run. The last
 * column compares radixwheel (or {@code KeyedTimer}) with the best other implementation of the
 * row: below 1 it is faster by that factor, above 1 slower.
 *
 * <p><b>Chart.</b> One panel per workload, log-log, score against N, one line per implementation
 * (the same colour for an implementation in every panel), written as PNG with XChart in headless
 * mode.
 *
 * <p>Run it (after {@code mvn -B -q package -DskipTests} at the root) on any JMH JSON result,
 * e.g. one written with {@code -rf json -rff results.json}:
 *
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar io.github.radixwheel.benchmarks.Report results.json
 * }</pre>
 *
 * <p>It prints the Markdown and writes {@code results.md} and {@code results.png} beside the JSON
 * file (or into the directory given as a second argument).
 */
public final class Report {
    /** The implementations this project provides, compared in the last column. */
    static final Set<String> OURS = Set.of("radixwheel", "KeyedTimer");
    private static final String SUITE = "virtual-clock peer suite";
    private static final int PANEL_WIDTH = 620;
    private static final int PANEL_HEIGHT = 400;
    private static final int PANEL_COLUMNS = 3;
    private static final Color[] PALETTE = {
        new Color(0xD62728), new Color(0x1F77B4), new Color(0x2CA02C), new Color(0xFF7F0E),
        new Color(0x9467BD), new Color(0x8C564B), new Color(0x17BECF), new Color(0x7F7F7F),
        new Color(0xE377C2), new Color(0xBCBD22),
    };

    /**
     * One benchmark result.
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
        /** @return the {@code impl} parameter, or "" */
        public String impl() {
            return params.getOrDefault("impl", "");
        }

        /** @return the {@code size} parameter, or 0 */
        public long size() {
            String s = params.get("size");
            return s == null ? 0 : Long.parseLong(s);
        }

        /** @return the workload of the peer suite this measures, or null */
        public Workload workload() {
            return Workload.ofBenchmark(benchmark);
        }

        /** @return whether the score is per timer (the {@value Workload#TIMER_METRIC} secondary score) */
        public boolean perTimer() {
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

        /** @return whether a higher score is better (throughput modes) */
        public boolean higherIsBetter() {
            return mode.equals("thrpt");
        }

        /** @return the parameters other than impl and size, as {@code k=v} joined by ", " */
        public String otherParams() {
            StringBuilder sb = new StringBuilder();
            for (Map.Entry<String, String> e : params.entrySet()) {
                if (!e.getKey().equals("impl") && !e.getKey().equals("size")) {
                    sb.append(sb.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
                }
            }
            return sb.toString();
        }

        /** @return the row label without the size: the workload's label, or the benchmark, and the other parameters */
        public String label() {
            Workload w = workload();
            String base = w != null ? w.label() : benchmark;
            String other = otherParams();
            return other.isEmpty() ? base : base + " (" + other + ")";
        }

        /** @return the table this result belongs to */
        String table() {
            return workload() != null ? SUITE : benchmark.substring(0, benchmark.indexOf('.'));
        }
    }

    private Report() {
    }

    /**
     * @param args the JMH JSON file, and optionally the output directory (default: the file's own)
     * @throws IOException if a file cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: Report results.json [output-directory]");
            System.exit(2);
            return;
        }
        Path json = Path.of(args[0]);
        Path dir = args.length > 1 ? Path.of(args[1]) : json.toAbsolutePath().getParent();
        String base = json.getFileName().toString().replaceFirst("\\.json$", "");
        Path md = dir.resolve(base + ".md");
        Path png = dir.resolve(base + ".png");
        List<Result> results = read(json);
        String markdown = markdown(results);
        Files.createDirectories(dir);
        Files.writeString(md, markdown, StandardCharsets.UTF_8);
        chart(results, png);
        System.out.print(markdown);
        System.out.println();
        System.out.println("Wrote " + md + " and " + png);
    }

    /**
     * @param json a JMH result file in JSON format
     * @return its results, in file order
     * @throws IOException if it cannot be read
     * @throws IllegalArgumentException if it is not a JMH JSON result
     */
    public static List<Result> read(Path json) throws IOException {
        return parse(Files.readString(json, StandardCharsets.UTF_8));
    }

    /**
     * @param text the contents of a JMH JSON result file
     * @return its results, in file order
     * @throws IllegalArgumentException if it is not a JMH JSON result
     */
    @SuppressWarnings("unchecked")
    public static List<Result> parse(String text) {
        Object root = Json.parse(text);
        if (!(root instanceof List)) {
            throw new IllegalArgumentException("not a JMH JSON result: the top level is not an array");
        }
        List<Result> results = new ArrayList<>();
        for (Object o : (List<Object>) root) {
            Map<String, Object> r = (Map<String, Object>) o;
            String benchmark = (String) Objects.requireNonNull(r.get("benchmark"), "benchmark");
            String[] parts = benchmark.split("\\.");
            String simple = parts.length >= 2 ? parts[parts.length - 2] + "." + parts[parts.length - 1] : benchmark;
            Map<String, String> params = new LinkedHashMap<>();
            Object p = r.get("params");
            if (p instanceof Map) {
                for (Map.Entry<String, Object> e : ((Map<String, Object>) p).entrySet()) {
                    params.put(e.getKey(), String.valueOf(e.getValue()));
                }
            }
            Map<String, Object> primary = (Map<String, Object>) Objects.requireNonNull(r.get("primaryMetric"), "primaryMetric");
            Map<String, Object> secondary = r.get("secondaryMetrics") instanceof Map
                    ? (Map<String, Object>) r.get("secondaryMetrics") : Map.of();
            results.add(new Result(simple, String.valueOf(r.get("mode")), params, Json.number(primary.get("score")),
                    String.valueOf(primary.get("scoreUnit")), secondaryScore(secondary, Workload.TIMER_METRIC),
                    secondaryScore(secondary, "gc.alloc.rate.norm")));
        }
        return results;
    }

    @SuppressWarnings("unchecked")
    private static double secondaryScore(Map<String, Object> secondary, String name) {
        Object m = secondary.get(name);
        return m instanceof Map ? Json.number(((Map<String, Object>) m).get("score")) : Double.NaN;
    }

    /** A row of a table: a workload at one size. */
    private record RowKey(String label, long size) {
    }

    /**
     * @param results results of one or more JMH runs
     * @return Markdown tables, one for the peer suite and one per other benchmark class
     */
    public static String markdown(List<Result> results) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, List<Result>> table : tables(results).entrySet()) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(table(table.getKey(), table.getValue()));
        }
        return sb.toString();
    }

    private static Map<String, List<Result>> tables(List<Result> results) {
        Map<String, List<Result>> tables = new LinkedHashMap<>();
        List<Result> suite = new ArrayList<>();
        for (Result r : results) {
            if (r.workload() != null) {
                suite.add(r);
            }
        }
        if (!suite.isEmpty()) {
            tables.put(SUITE, suite);
        }
        for (Result r : results) {
            if (r.workload() == null) {
                tables.computeIfAbsent(r.table(), k -> new ArrayList<>()).add(r);
            }
        }
        return tables;
    }

    private static List<String> columns(String table, List<Result> results) {
        Set<String> columns = new LinkedHashSet<>();
        if (table.equals(SUITE)) {
            for (Impl impl : Impl.values()) {
                columns.add(impl.param());
            }
        }
        for (Result r : results) {
            columns.add(r.impl());
        }
        return new ArrayList<>(columns);
    }

    /** Rows in workload order (the suite's enum order, else first appearance), then by size. */
    private static Map<RowKey, Map<String, Result>> rows(List<Result> results) {
        Map<String, Integer> labelOrder = new LinkedHashMap<>();
        List<Result> sorted = new ArrayList<>(results);
        for (Result r : sorted) {
            labelOrder.putIfAbsent(r.label(), labelOrder.size());
        }
        sorted.sort((a, b) -> {
            int wa = a.workload() == null ? Integer.MAX_VALUE : a.workload().ordinal();
            int wb = b.workload() == null ? Integer.MAX_VALUE : b.workload().ordinal();
            if (wa != wb) {
                return Integer.compare(wa, wb);
            }
            int la = labelOrder.get(a.label());
            int lb = labelOrder.get(b.label());
            if (la != lb) {
                return Integer.compare(la, lb);
            }
            return Long.compare(a.size(), b.size());
        });
        Map<RowKey, Map<String, Result>> rows = new LinkedHashMap<>();
        for (Result r : sorted) {
            rows.computeIfAbsent(new RowKey(r.label(), r.size()), k -> new LinkedHashMap<>()).put(r.impl(), r);
        }
        return rows;
    }

    private static String table(String name, List<Result> results) {
        List<String> columns = columns(name, results);
        String ours = null;
        for (String c : columns) {
            if (OURS.contains(c)) {
                ours = c;
                break;
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append("### ").append(name.equals(SUITE) ? "Virtual-clock peer suite" : name)
                .append(name.equals("NettyBenchmark") ? " (thread-driven: producer side only)" : "").append("\n\n");
        sb.append("| workload | N | unit |");
        for (String c : columns) {
            sb.append(' ').append(c).append(" |");
        }
        if (ours != null) {
            sb.append(' ').append(ours).append(" ÷ best other |");
        }
        sb.append("\n|---|---:|---|");
        sb.append("---:|".repeat(columns.size() + (ours != null ? 1 : 0)));
        sb.append('\n');
        for (Map.Entry<RowKey, Map<String, Result>> row : rows(results).entrySet()) {
            Map<String, Result> cells = row.getValue();
            Result any = cells.values().iterator().next();
            boolean higher = any.higherIsBetter();
            Result best = null;
            for (Result r : cells.values()) {
                if (best == null || (higher ? r.value() > best.value() : r.value() < best.value())) {
                    best = r;
                }
            }
            sb.append("| ").append(row.getKey().label()).append(" | ").append(sizeLabel(row.getKey().size()))
                    .append(" | ").append(any.valueUnit()).append(" |");
            for (String c : columns) {
                Result r = cells.get(c);
                sb.append(' ').append(r == null ? missing(any, c) : cell(r, r == best)).append(" |");
            }
            if (ours != null) {
                sb.append(' ').append(ratio(cells, ours, higher)).append(" |");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String cell(Result r, boolean best) {
        String v = number(r.value());
        StringBuilder sb = new StringBuilder(best ? "**" + v + "**" : v);
        double alloc = r.alloc();
        if (!Double.isNaN(alloc)) {
            sb.append(" · ").append(bytes(alloc));
        }
        return sb.toString();
    }

    private static String missing(Result rowExample, String column) {
        Workload w = rowExample.workload();
        if (w != null) {
            try {
                String why = w.whyNot(Impl.of(column), (int) rowExample.size());
                if (why != null) {
                    return why;
                }
            } catch (IllegalArgumentException unknownImpl) {
                return "—";
            }
        }
        return "—";
    }

    private static String ratio(Map<String, Result> cells, String ours, boolean higher) {
        Result mine = cells.get(ours);
        Result bestOther = null;
        for (Map.Entry<String, Result> e : cells.entrySet()) {
            if (!e.getKey().equals(ours)) {
                Result r = e.getValue();
                if (bestOther == null || (higher ? r.value() > bestOther.value() : r.value() < bestOther.value())) {
                    bestOther = r;
                }
            }
        }
        if (mine == null || bestOther == null) {
            return "—";
        }
        double ratio = higher ? bestOther.value() / mine.value() : mine.value() / bestOther.value();
        return String.format(Locale.ROOT, "%.2f× (%s)", ratio, bestOther.impl());
    }

    /** @return N as {@code 2^k} when it is a power of two, else as a number */
    static String sizeLabel(long size) {
        return size > 0 && Long.bitCount(size) == 1 ? "2^" + Long.numberOfTrailingZeros(size) : Long.toString(size);
    }

    /** @return a score with three significant digits (thousands separated) */
    static String number(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        double a = Math.abs(v);
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** @return bytes, rounded: whole bytes, "0 B" below half a byte (JMH's own bookkeeping) */
    static String bytes(double b) {
        return b < 0.5 ? "0 B" : String.format(Locale.ROOT, "%,.0f B", b);
    }

    /**
     * Writes the chart: one log-log panel per workload (score against N, one line per
     * implementation), in a grid, as PNG. Runs headless.
     *
     * @param results results of one or more JMH runs
     * @param png the file to write
     * @throws IOException if it cannot be written
     */
    public static void chart(List<Result> results, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<BufferedImage> panels = new ArrayList<>();
        Map<String, Integer> colours = new LinkedHashMap<>();
        for (Impl impl : Impl.values()) {
            colours.put(impl.param(), colours.size());
        }
        for (Map.Entry<String, List<Result>> table : tables(results).entrySet()) {
            Map<String, List<Result>> byLabel = new LinkedHashMap<>();
            for (Map.Entry<RowKey, Map<String, Result>> row : rows(table.getValue()).entrySet()) {
                byLabel.computeIfAbsent(row.getKey().label(), k -> new ArrayList<>()).addAll(row.getValue().values());
            }
            for (Map.Entry<String, List<Result>> panel : byLabel.entrySet()) {
                for (String impl : columns(table.getKey(), panel.getValue())) {
                    colours.putIfAbsent(impl, colours.size());
                }
                panels.add(Charts.panel(panel.getKey(), panel.getValue(), columns(table.getKey(), panel.getValue()),
                        colours, PALETTE, PANEL_WIDTH, PANEL_HEIGHT));
            }
        }
        if (panels.isEmpty()) {
            throw new IllegalArgumentException("no results to chart");
        }
        int cols = Math.min(PANEL_COLUMNS, panels.size());
        int rows = (panels.size() + cols - 1) / cols;
        BufferedImage grid = new BufferedImage(cols * PANEL_WIDTH, rows * PANEL_HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = grid.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, grid.getWidth(), grid.getHeight());
            for (int i = 0; i < panels.size(); i++) {
                g.drawImage(panels.get(i), (i % cols) * PANEL_WIDTH, (i / cols) * PANEL_HEIGHT, null);
            }
        } finally {
            g.dispose();
        }
        Path parent = png.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (!ImageIO.write(grid, "png", png.toFile())) {
            throw new IOException("no PNG writer");
        }
    }

    /** @return the sizes present, ascending (for tests) */
    static List<Long> sizes(List<Result> results) {
        Set<Long> sizes = new TreeSet<>();
        for (Result r : results) {
            sizes.add(r.size());
        }
        return Collections.unmodifiableList(new ArrayList<>(sizes));
    }
}
