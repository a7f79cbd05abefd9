package io.github.radixwheel.core.internal;

import java.lang.reflect.Field;

/** Reads and writes private fields for the tests that break a structure on purpose. */
final class PrivateFields {
    private PrivateFields() {
    }

    /** The value of field {@code name} of {@code owner}, declared by its class or a superclass. */
    static Object get(Object owner, String name) {
        try {
            return accessible(owner, name).get(owner);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** Sets the {@code int} field {@code name} of {@code owner}, declared by its class or a superclass. */
    static void setInt(Object owner, String name, int value) {
        try {
            accessible(owner, name).setInt(owner, value);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static Field accessible(Object owner, String name) throws NoSuchFieldException {
        for (Class<?> c = owner.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException e) {
                // look further up
            }
        }
        throw new NoSuchFieldException(name);
    }
}
