/**
 * Alarms on the radix wheel engine.
 */
package io.github.radixwheel.alarms;
