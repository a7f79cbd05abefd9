package io.github.radixwheel.alarms.readme;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.radixwheel.core.TimingWheelQueue;
import it.unimi.dsi.fastutil.longs.LongArrayFIFOQueue;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's JPMS notes hold for the packaged jars: its samples compile as a named module that
 * declares the README's {@code module-info.java}, and the fastutil line in it is needed.
 */
class ReadmeModuleIT {
    private static final Path SAMPLES = Path.of("src/test/java/io/github/radixwheel/alarms/readme");
    private static final Path CORE_SAMPLES = Path.of("../core/src/test/java/io/github/radixwheel/core/readme");

    @Test
    void samples_compileAsANamedModule_withTheReadmesModuleInfo(@TempDir Path dir) throws Exception {
        String moduleInfo = Files.readString(Path.of("src/test/resources/readme/module-info.java"));
        String errors = compile(dir, moduleInfo);
        assertTrue(errors.isEmpty(), errors);
    }

    @Test
    void samples_withoutTheFastutilRequires_doNotCompile(@TempDir Path dir) throws Exception {
        String moduleInfo = Files.readString(Path.of("src/test/resources/readme/module-info.java"))
                .replaceAll("(?m)^.*requires it\\.unimi\\.dsi\\.fastutil\\.core;.*$", "");
        String errors = compile(dir, moduleInfo);
        assertFalse(errors.isEmpty());
        assertTrue(errors.contains("it.unimi.dsi.fastutil"), errors);
    }

    /** Compiles the samples with {@code moduleInfo} against the packaged jars; returns the errors. */
    private static String compile(Path dir, String moduleInfo) throws IOException, URISyntaxException {
        Path src = Files.createDirectories(dir.resolve("src"));
        List<String> args = new ArrayList<>(List.of("-d", dir.resolve("out").toString(), "--module-path",
                String.join(File.pathSeparator, System.getProperty("moduleJar"),
                        location(TimingWheelQueue.class), location(LongArrayFIFOQueue.class))));
        args.add(Files.writeString(src.resolve("module-info.java"), moduleInfo).toString());
        args.add(copy(SAMPLES.resolve("MM1Simulation.java"), src, "io/github/radixwheel/alarms/readme"));
        args.add(copy(SAMPLES.resolve("KeepAlive.java"), src, "io/github/radixwheel/alarms/readme"));
        args.add(copy(SAMPLES.resolve("TtlCache.java"), src, "io/github/radixwheel/alarms/readme"));
        args.add(copy(SAMPLES.resolve("ShopSimulation.java"), src, "io/github/radixwheel/alarms/readme"));
        args.add(copy(SAMPLES.resolve("RequestTimeouts.java"), src, "io/github/radixwheel/alarms/readme"));
        args.add(copy(SAMPLES.resolve("Bank.java"), src, "io/github/radixwheel/alarms/readme"));
        args.add(copy(CORE_SAMPLES.resolve("ShortestPaths.java"), src, "io/github/radixwheel/core/readme"));
        ToolProvider javac = ToolProvider.findFirst("javac").orElseThrow();
        StringWriter errors = new StringWriter();
        int status = javac.run(new PrintWriter(errors), new PrintWriter(errors), args.toArray(String[]::new));
        return status == 0 ? "" : errors + "(javac exit status " + status + ")";
    }

    private static String copy(Path file, Path src, String packageDir) throws IOException {
        Path target = Files.createDirectories(src.resolve(packageDir)).resolve(file.getFileName());
        return Files.copy(file, target).toString();
    }

    private static String location(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
