package io.github.radixwheel.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.radixwheel.alarms.FutureEventList;
import io.github.radixwheel.core.LevelBits;
import io.github.radixwheel.core.TimingWheelQueue;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each reference has every public constructor and method of its real structure, with the same
 * parameter types, return type (the structure's own type read as the reference's) and declared
 * exceptions, so that a user's code swaps one for the other by changing a class name.
 */
class ReferenceApiParityTest {
    @ParameterizedTest
    @CsvSource({
        "io.github.radixwheel.core.TimingWheelQueue, io.github.radixwheel.testkit.ReferenceQueue",
        "io.github.radixwheel.alarms.TimingWheel, io.github.radixwheel.testkit.ReferenceWheel",
        "io.github.radixwheel.alarms.FutureEventList, io.github.radixwheel.testkit.ReferenceEventList",
    })
    void reference_hasEveryPublicMemberOfTheRealStructure(Class<?> real, Class<?> reference) {
        Set<String> missing = new TreeSet<>(signatures(real, real));
        missing.removeAll(signatures(reference, real));
        assertEquals(Set.of(), missing, reference.getSimpleName() + " lacks members of " + real.getSimpleName());
    }

    /** The public constructors and methods declared by {@code type}, written with the real type's name. */
    private static Set<String> signatures(Class<?> type, Class<?> real) {
        Set<String> all = new TreeSet<>();
        for (Constructor<?> c : type.getConstructors()) {
            all.add("<init>" + parameters(c));
        }
        for (Method m : type.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers()) && !m.isSynthetic()) {
                String returns = m.getReturnType() == type ? real.getName() : m.getReturnType().getName();
                all.add(returns + " " + m.getName() + parameters(m));
            }
        }
        return all;
    }

    private static String parameters(Executable e) {
        return Arrays.stream(e.getParameterTypes()).map(Class::getName).collect(Collectors.joining(",", "(", ")"))
                + " throws " + Arrays.stream(e.getExceptionTypes()).map(Class::getName).sorted()
                        .collect(Collectors.joining(","));
    }

    @Test
    void capacityConstructors_refuseWhatTheRealOnesRefuse() {
        assertThrows(IllegalArgumentException.class, () -> new TimingWheelQueue<>(LevelBits.DEFAULT, -1));
        assertThrows(IllegalArgumentException.class, () -> new ReferenceQueue<>(LevelBits.DEFAULT, -1));
        assertThrows(IllegalArgumentException.class, () -> new ReferenceQueue<>(LevelBits.DEFAULT, (1 << 30) + 1));
        assertThrows(NullPointerException.class, () -> new ReferenceQueue<>(null, 16));
        assertThrows(IllegalArgumentException.class, () -> new FutureEventList<>(0.0, -1));
        assertThrows(IllegalArgumentException.class, () -> new ReferenceEventList<>(0.0, -1));
        assertThrows(IllegalArgumentException.class, () -> new ReferenceEventList<>(Double.NaN, 16));
        assertEquals(0, new ReferenceQueue<>(LevelBits.of(4, 4), 16).size());
        assertEquals(2.5, new ReferenceEventList<>(2.5, 16).now());
    }
}
