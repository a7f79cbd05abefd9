package io.github.radixwheel.benchmarks.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.concurrent.TimeUnit;

/**
 * Where and when a run was made, for the caption of its table and chart.
 *
 * @param machine the processor and the number of processors the JVM sees
 * @param jdk the JVM and its version
 * @param date the day of the run
 * @param commit the repository's commit ({@code git describe --always --dirty}), or "unknown"
 */
public record RunInfo(String machine, String jdk, String date, String commit) {
    /** @return this machine, JVM, day and working directory's commit */
    public static RunInfo ofThisMachine() {
        String cpu = System.getProperty("os.arch");
        try {
            cpu = Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8).stream()
                    .filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse(cpu);
        } catch (IOException | RuntimeException notLinux) {
            // keep the architecture
        }
        return new RunInfo(cpu + ", " + Runtime.getRuntime().availableProcessors() + " processors",
                System.getProperty("java.vm.name") + " " + Runtime.version(), LocalDate.now().toString(), gitCommit());
    }

    private static String gitCommit() {
        try {
            Process git = new ProcessBuilder("git", "describe", "--always", "--dirty").redirectErrorStream(true).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 && !out.isEmpty() ? out : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /** @return one line: machine, JDK, date and commit */
    @Override
    public String toString() {
        return machine + "; " + jdk + "; " + date + "; commit " + commit;
    }
}
