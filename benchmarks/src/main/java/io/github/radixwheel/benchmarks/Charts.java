package io.github.radixwheel.benchmarks;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** {@link Report}'s chart panels, drawn with XChart. */
final class Charts {
    private Charts() {
    }

    /**
     * @param title the panel's title (the workload)
     * @param results the workload's results at every size and implementation
     * @param impls the implementations, in legend order
     * @param colours an index into {@code palette} per implementation
     * @param palette the colours
     * @param width the panel's width in pixels
     * @param height the panel's height in pixels
     * @return the panel: score against N, log-log, a line per implementation that has results
     */
    static BufferedImage panel(String title, List<Report.Result> results, List<String> impls,
            Map<String, Integer> colours, Color[] palette, int width, int height) {
        String unit = results.get(0).valueUnit();
        XYChart chart = new XYChartBuilder().width(width).height(height).title(title)
                .xAxisTitle("N (timers)").yAxisTitle(unit).build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setLegendBorderColor(Color.WHITE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBackgroundColor(Color.WHITE);
        chart.getStyler().setMarkerSize(7);
        chart.getStyler().setXAxisDecimalPattern("0");
        for (String impl : impls) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (Report.Result r : results) {
                if (r.impl().equals(impl) && r.value() > 0 && r.size() > 0) {
                    xs.add((double) r.size());
                    ys.add(r.value());
                }
            }
            if (xs.isEmpty()) {
                continue;
            }
            sortByX(xs, ys);
            XYSeries series = chart.addSeries(impl, xs, ys);
            Color c = palette[colours.getOrDefault(impl, 0) % palette.length];
            series.setLineColor(c);
            series.setMarkerColor(c);
            series.setMarker(SeriesMarkers.CIRCLE);
        }
        if (chart.getSeriesMap().isEmpty()) {
            chart.addSeries("no data", new double[] {1}, new double[] {1});
        }
        return BitmapEncoder.getBufferedImage(chart);
    }

    private static void sortByX(List<Double> xs, List<Double> ys) {
        for (int i = 1; i < xs.size(); i++) {
            for (int j = i; j > 0 && xs.get(j - 1) > xs.get(j); j--) {
                double x = xs.get(j);
                xs.set(j, xs.get(j - 1));
                xs.set(j - 1, x);
                double y = ys.get(j);
                ys.set(j, ys.get(j - 1));
                ys.set(j - 1, y);
            }
        }
    }
}
