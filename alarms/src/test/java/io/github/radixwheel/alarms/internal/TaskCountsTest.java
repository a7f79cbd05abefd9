package io.github.radixwheel.alarms.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The counts behind a core's pending number and its closing, one clause at a time. */
class TaskCountsTest {
    private final TaskCounts counts = new TaskCounts();

    private long admit() {
        long a = counts.admissions();
        assertTrue(counts.tryAdmit(a));
        return TaskCounts.slotOf(a);
    }

    @Test
    void admissions_numberTheSlotsFromZero() {
        assertEquals(0, admit());
        assertEquals(1, admit());
        assertEquals(2, counts.admittedThroughRing());
        assertEquals(2, counts.pendingUnderLock());
    }

    @Test
    void tryAdmit_failsOnAStaleWord() {
        long a = counts.admissions();
        admit();
        assertFalse(counts.tryAdmit(a));
        assertEquals(1, counts.admittedThroughRing());
    }

    @Test
    void close_returnsTheAdmissionsAndFlagsTheWord() {
        admit();
        admit();
        assertEquals(2, counts.close());
        assertTrue(counts.isClosed());
        assertTrue(TaskCounts.isClosed(counts.admissions()));
        assertEquals(2, TaskCounts.slotOf(counts.admissions()), "the flag does not change the count");
        assertEquals(2, counts.close(), "a second close admits nothing either");
        assertEquals(2, counts.pendingUnderLock());
    }

    @Test
    void pending_isAdmittedPlusInsertedMinusEveryDeparture() {
        admit();
        admit();
        admit();
        assertEquals(0, counts.countInserted());
        assertEquals(1, counts.countInserted(), "the count before the insertion: the next sequence number");
        counts.countLeft();
        counts.countCancel();
        counts.countDrivingClaim();
        assertEquals(3 + 2 - 3, counts.pendingUnderLock());
        assertTrue(counts.toString().contains("admitted 3, inserted 2, left 1, cancelled 1, claimed by the driving"
                + " thread 1"), counts.toString());
    }

    @Test
    void atLimit_comparesThePendingCountAtTheNextSlot() {
        admit();
        admit();
        assertTrue(counts.atLimit(2, 2));
        assertFalse(counts.atLimit(2, 3));
        counts.countCancel();
        assertFalse(counts.atLimit(2, 2), "a cancel frees a place");
        counts.countInserted();
        assertTrue(counts.atLimit(2, 2), "an insertion takes it again");
    }
}
