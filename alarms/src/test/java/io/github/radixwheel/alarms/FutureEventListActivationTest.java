package io.github.radixwheel.alarms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A later time becoming current with its events scheduled out of priority order: each event that
 * is out of order moves into its priority's run, and with more than 64 distinct priorities the
 * time's events are sorted instead, also after part of them were moved. Either way every priority
 * keeps its scheduling order, and {@code addFirst}, {@code addBefore} and {@code addAfter} keep
 * their places. Checked against {@link EventListModel}, with {@code checkInvariants()} after every
 * step.
 */
class FutureEventListActivationTest {
    /**
     * Distinct priorities at the time (and the two extremes besides): few, at and around the point
     * where sorting takes over, many.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 8, 63, 64, 65, 66, 200})
    void laterTime_outOfPriorityOrder_isTakenByPriorityThenSchedulingOrder(int distinct) {
        for (long seed = 0; seed < 20; seed++) {
            SplittableRandom random = new SplittableRandom(seed * 31 + distinct);
            FutureEventList<Long> list = new FutureEventList<>();
            EventListModel model = new EventListModel(0.0);
            List<Long> handles = new ArrayList<>();
            int events = 1 + random.nextInt(400);
            for (int i = 0; i < events; i++) {
                schedule(list, model, handles, random, 1.0, priority(random, distinct));
            }
            long later = list.add(2.0, 0, -1L); // a later time, so that the first one is not the last
            model.add(later, 2.0, 0);
            takeAllChecking(list, model, random);
        }
    }

    /** One of {@code distinct} priorities around 0, or now and then one of the extremes. */
    private static int priority(SplittableRandom random, int distinct) {
        int draw = random.nextInt(distinct + 2);
        return draw == distinct ? Integer.MIN_VALUE : draw == distinct + 1 ? Integer.MAX_VALUE : draw - distinct / 2;
    }

    /** The first event in scheduling order has a priority that later ones undercut, or share. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void firstScheduled_isNotTheLowestPriority(int firstPriority) {
        FutureEventList<Long> list = new FutureEventList<>();
        EventListModel model = new EventListModel(0.0);
        int[] priorities = {firstPriority, 1, 2, 1, 0, 2, 0, 1, 0};
        for (int i = 0; i < priorities.length; i++) {
            long h = list.add(1.0, priorities[i], (long) i);
            model.add(h, 1.0, priorities[i]);
        }
        takeAllChecking(list, model, new SplittableRandom(firstPriority));
    }

    /**
     * Takes every event, comparing each with the model; after each take, sometimes schedules an
     * event at the new current time, so that the runs built by the activation are used.
     */
    private static void takeAllChecking(FutureEventList<Long> list, EventListModel model, SplittableRandom random) {
        int taken = 0;
        while (!model.isEmpty()) {
            long expected = model.pollFirst();
            long[] actual = new long[1];
            assertTrue(list.pollFirst((handle, time, priority, event) -> actual[0] = handle));
            assertEquals(expected, actual[0], "take " + taken);
            assertEquals(model.now, list.now());
            list.checkInvariants();
            if (random.nextInt(8) == 0) {
                long h = list.add(list.now(), random.nextInt(5) - 2, -2L);
                model.add(h, list.now(), list.priority(h));
                list.checkInvariants();
            }
            taken++;
        }
        assertEquals(0, list.size());
    }

    /** Schedules one event at {@code time}: mostly at the back of its group, sometimes at its front or beside another. */
    private static void schedule(FutureEventList<Long> list, EventListModel model, List<Long> handles,
            SplittableRandom random, double time, int priority) {
        int kind = random.nextInt(10);
        long h;
        if (kind == 0) {
            h = list.addFirst(time, priority, 0L);
            model.addFirst(h, time, priority);
        } else if (kind <= 2 && !handles.isEmpty()) {
            long ref = handles.get(random.nextInt(handles.size()));
            boolean after = kind == 2;
            h = after ? list.addAfter(ref, 0L) : list.addBefore(ref, 0L);
            model.addBeside(h, ref, after);
        } else {
            h = list.add(time, priority, 0L);
            model.add(h, time, priority);
        }
        handles.add(h);
    }
}
