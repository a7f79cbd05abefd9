package io.github.radixwheel.benchmarks.report;

import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.AnnotationTextPanel;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's chart: one log-scale panel per workload (score against N, or against the graph for
 * shortest paths), an implementation in the same colour in every panel, and one panel with the
 * shared legend and the caption (machine, JDK, date, commit), in XChart's grid, as PNG. Headless.
 */
final class Chart {
    static final int WIDTH = 520;
    static final int HEIGHT = 360;
    static final int COLUMNS = 3;
    /** The most implementations one legend panel lists with room for the caption; more take more panels. */
    static final int LEGEND_ENTRIES = 11;
    private static final Color[] PALETTE = {
        new Color(0xD62728), new Color(0x1F77B4), new Color(0x2CA02C), new Color(0xFF7F0E), new Color(0x9467BD),
        new Color(0x8C564B), new Color(0x17BECF), new Color(0x7F7F7F), new Color(0xE377C2), new Color(0xBCBD22),
        new Color(0x393B79), new Color(0x637939), new Color(0xAD494A), new Color(0x6B6ECF), new Color(0x8CA252),
        new Color(0xBD9E39), new Color(0xA55194), new Color(0x3182BD),
    };

    private Chart() {
    }

    /**
     * @param results results of one or more JMH runs
     * @param info the caption
     * @param png the file to write
     * @throws IOException if it cannot be written
     */
    static void write(List<Result> results, RunInfo info, Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<String> impls = Report.columns(results);
        List<org.knowm.xchart.internal.chartpart.Chart<?, ?>> panels = new ArrayList<>();
        for (List<Result> table : Report.tables(results).values()) {
            for (Map.Entry<String, Map<String, Map<String, Result>>> label : Report.rows(table).entrySet()) {
                boolean numeric = label.getValue().keySet().stream().allMatch(s -> s.matches("\\d+"));
                panels.add(numeric ? lines(label.getKey(), label.getValue(), impls) : bars(label.getKey(), label.getValue(), impls));
            }
        }
        for (int from = 0; from < impls.size(); from += LEGEND_ENTRIES) {
            int to = Math.min(impls.size(), from + LEGEND_ENTRIES);
            panels.add(legend(impls, from, to, to == impls.size() ? info : null));
        }
        int rows = (panels.size() + COLUMNS - 1) / COLUMNS;
        while (panels.size() < rows * COLUMNS) {
            XYChart blank = new XYChartBuilder().width(WIDTH).height(HEIGHT).build();
            style(blank, false);
            panels.add(blank);
        }
        Path parent = png.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        try (OutputStream out = Files.newOutputStream(png)) {
            BitmapEncoder.saveBitmap(panels, rows, COLUMNS, out, BitmapEncoder.BitmapFormat.PNG);
        }
    }

    /** A panel of lines: score against log2 N, one line per implementation. */
    private static XYChart lines(String title, Map<String, Map<String, Result>> bySize, List<String> impls) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("N")
                .yAxisTitle(unit(bySize)).build();
        style(chart, true).setxAxisTickLabelsFormattingFunction(x -> Math.abs(x - Math.rint(x)) < 1e-9
                ? "2^" + Math.round(x) : Report.number(Math.pow(2, x)));
        for (String impl : impls) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            bySize.forEach((size, cells) -> {
                if (cells.containsKey(impl)) {
                    xs.add(Math.log(Long.parseLong(size)) / Math.log(2));
                    ys.add(cells.get(impl).value());
                }
            });
            if (!xs.isEmpty()) {
                colour(chart.addSeries(impl, xs, ys), impls.indexOf(impl));
            }
        }
        return chart;
    }

    /** A panel of bars: score per graph, one bar per implementation. */
    private static CategoryChart bars(String title, Map<String, Map<String, Result>> byGraph, List<String> impls) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .yAxisTitle(unit(byGraph)).build();
        AxesChartStyler s = style(chart, true);
        List<String> graphs = new ArrayList<>(byGraph.keySet());
        s.setYAxisMin(byGraph.values().stream().flatMap(c -> c.values().stream()).mapToDouble(Result::value).min().orElse(1) / 2);
        for (String impl : impls) {
            List<Double> ys = new ArrayList<>();
            for (String graph : graphs) {
                Result r = byGraph.get(graph).get(impl);
                ys.add(r == null ? Double.NaN : r.value());
            }
            if (ys.stream().anyMatch(y -> !y.isNaN())) {
                chart.addSeries(impl, graphs, ys).setFillColor(PALETTE[impls.indexOf(impl) % PALETTE.length]);
            }
        }
        return chart;
    }

    /**
     * The legend of implementations {@code from} (inclusive) to {@code to}, and below it the caption
     * if {@code info} is not null; the plot itself stays empty.
     */
    private static XYChart legend(List<String> impls, int from, int to, RunInfo info) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(from == 0 ? "radixwheel and its peers" : "").build();
        AxesChartStyler s = style(chart, false);
        s.setLegendVisible(true);
        s.setLegendPosition(Styler.LegendPosition.InsideNW);
        s.setLegendBorderColor(Color.WHITE);
        s.setAnnotationTextPanelBorderColor(Color.WHITE);
        s.setXAxisMin(1.0);
        s.setXAxisMax(2.0);
        s.setYAxisMin(1.0);
        s.setYAxisMax(2.0);
        for (int i = from; i < to; i++) {
            colour(chart.addSeries(impls.get(i), new double[] {0}, new double[] {0}), i);
        }
        if (info != null) {
            chart.addAnnotation(new AnnotationTextPanel("machine: " + info.machine() + "\nJDK: " + info.jdk()
                    + "\ndate: " + info.date() + "\ncommit: " + info.commit(), 0, 0, true));
        }
        return chart;
    }

    private static String unit(Map<String, Map<String, Result>> cells) {
        return cells.values().iterator().next().values().iterator().next().valueUnit();
    }

    private static void colour(org.knowm.xchart.XYSeries series, int index) {
        Color c = PALETTE[index % PALETTE.length];
        series.setLineColor(c);
        series.setMarkerColor(c);
        series.setMarker(SeriesMarkers.CIRCLE);
    }

    /** White, no legend; with {@code axes}, a log-scale y axis; without, nothing but the title. */
    private static AxesChartStyler style(org.knowm.xchart.internal.chartpart.Chart<? extends AxesChartStyler, ?> chart, boolean axes) {
        AxesChartStyler s = chart.getStyler();
        s.setLegendVisible(false);
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setMarkerSize(6);
        if (axes) {
            s.setYAxisLogarithmic(true);
        } else {
            s.setAxisTicksVisible(false);
            s.setPlotGridLinesVisible(false);
            s.setPlotBorderVisible(false);
        }
        return s;
    }
}
