package io.github.radixwheel.benchmarks.report;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Collection;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's output, passed on whole to a log, with one line per finished benchmark on the console:
 * its count, name, parameters, score and the time since the start.
 */
public final class Progress implements OutputFormat {
    private final OutputFormat log;
    private final PrintStream console;
    private final int total;
    private final long start = System.nanoTime();
    private int done;

    /**
     * @param log where JMH's own output goes
     * @param console where the progress lines go
     * @param total the number of benchmarks expected, for the count
     */
    public Progress(OutputFormat log, PrintStream console, int total) {
        this.log = log;
        this.console = console;
        this.total = total;
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        log.endBenchmark(result);
        if (result == null) {
            return;
        }
        done++;
        BenchmarkParams p = result.getParams();
        StringBuilder params = new StringBuilder();
        for (String key : p.getParamsKeys()) {
            params.append(' ').append(key).append('=').append(p.getParam(key));
        }
        String name = p.getBenchmark().substring(p.getBenchmark().lastIndexOf('.', p.getBenchmark().lastIndexOf('.') - 1) + 1);
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        console.printf(Locale.ROOT, "[%3d/%d %2d:%02d] %s%s: %s %s%n", done, total, seconds / 60, seconds % 60, name, params,
                Report.number(result.getPrimaryResult().getScore()), result.getPrimaryResult().getScoreUnit());
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        log.iteration(benchParams, params, iteration);
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        log.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void startBenchmark(BenchmarkParams benchParams) {
        log.startBenchmark(benchParams);
    }

    @Override
    public void startRun() {
        log.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        log.endRun(result);
    }

    @Override
    public void print(String s) {
        log.print(s);
    }

    @Override
    public void println(String s) {
        log.println(s);
    }

    @Override
    public void flush() {
        log.flush();
    }

    /** Flushes only: the caller owns the log, which outlives one run. */
    @Override
    public void close() {
        log.flush();
    }

    @Override
    public void verbosePrintln(String s) {
        log.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        log.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        log.write(b);
    }

    /** @return the number of benchmarks finished so far */
    public int done() {
        return done;
    }
}
