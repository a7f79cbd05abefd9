package io.github.radixwheel.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The packaged jar: the module descriptor (only the API package exported; alarms and Netty's
 * {@code io.netty.common} required, Netty transitively since the API shows its types), the licence
 * and the manifest, and the sources and javadoc jars beside it.
 */
class ModuleDescriptorIT {
    private static final Path JAR = Path.of(System.getProperty("moduleJar"));

    @Test
    void jar_describesModuleAndExportsOnlyItsApi() {
        ModuleDescriptor d = ModuleFinder.of(JAR).findAll().iterator().next().descriptor();
        assertEquals("io.github.radixwheel.netty", d.name());
        assertFalse(d.isAutomatic());
        Set<String> exports = new TreeSet<>();
        d.exports().forEach(e -> exports.add(e.source() + " to " + e.targets()));
        assertEquals(Set.of("io.github.radixwheel.netty to []"), exports);
        assertTrue(d.opens().isEmpty(), "opens " + d.opens());
        Set<String> requires = new TreeSet<>();
        d.requires().forEach(r -> requires.add(r.name()));
        assertEquals(Set.of("java.base", "io.github.radixwheel.alarms", "io.netty.common"), requires);
        assertTrue(d.requires().stream().anyMatch(r -> r.name().equals("io.netty.common")
                && r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE)),
                "users' code sees io.netty.util.Timer through this module");
    }

    @Test
    void jar_carriesModuleInfoLicenceAndVersion() throws IOException {
        try (JarFile jar = new JarFile(JAR.toFile())) {
            assertNotNull(jar.getEntry("module-info.class"), "module-info.class");
            JarEntry licence = jar.getJarEntry("META-INF/LICENSE");
            assertNotNull(licence, "META-INF/LICENSE");
            assertArrayEquals(Files.readAllBytes(Path.of("../LICENSE")), jar.getInputStream(licence).readAllBytes());
            Attributes manifest = jar.getManifest().getMainAttributes();
            assertEquals(System.getProperty("projectVersion"), manifest.getValue("Implementation-Version"));
            assertEquals("radixwheel-netty", manifest.getValue("Implementation-Title"));
            assertNull(jar.getEntry("io/netty/util/Timer.class"), "Netty is the user's own, not bundled");
        }
    }

    @Test
    void javadocAndSourcesJars_areBuilt() throws IOException {
        try (JarFile javadoc = new JarFile(sibling("-javadoc.jar"))) {
            assertNotNull(javadoc.getEntry("io.github.radixwheel.netty/io/github/radixwheel/netty/RadixWheelTimer.html"));
            assertNull(javadoc.getEntry("io.github.radixwheel.netty/io/github/radixwheel/netty/RadixWheelTimeout.html"),
                    "the package-private timeout class is documented");
        }
        try (JarFile sources = new JarFile(sibling("-sources.jar"))) {
            assertNotNull(sources.getEntry("io/github/radixwheel/netty/RadixWheelTimer.java"));
            assertNotNull(sources.getEntry("module-info.java"));
        }
    }

    /** The jar beside the module jar whose name ends in {@code suffix} instead of {@code .jar}. */
    private static File sibling(String suffix) {
        String name = JAR.getFileName().toString();
        Path path = JAR.resolveSibling(name.substring(0, name.length() - ".jar".length()) + suffix);
        assertTrue(Files.isRegularFile(path), path + " was not built");
        return path.toFile();
    }
}
