package io.github.radixwheel.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The packaged jar describes its module: the API exported, internals only to the alarms module. */
class ModuleDescriptorIT {
    @Test
    void jar_describesModuleAndExportsOnlyItsApi() {
        ModuleDescriptor d = ModuleFinder.of(Path.of(System.getProperty("moduleJar"))).findAll().iterator().next()
                .descriptor();
        assertEquals("io.github.radixwheel.core", d.name());
        assertEquals(false, d.isAutomatic());
        Map<String, Set<String>> exports = new TreeMap<>();
        d.exports().forEach(e -> exports.put(e.source(), e.targets()));
        assertEquals(Map.of("io.github.radixwheel.core", Set.of(),
                "io.github.radixwheel.core.internal", Set.of("io.github.radixwheel.alarms")), exports);
        assertEquals(Set.of("java.base"), names(d.requires()));
    }

    static Set<String> names(Set<ModuleDescriptor.Requires> requires) {
        Set<String> out = new java.util.TreeSet<>();
        requires.forEach(r -> out.add(r.name()));
        return out;
    }
}
