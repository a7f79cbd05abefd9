package io.github.radixwheel.benchmarks.peers.eventlist;

/**
 * The event lists of the simulator benchmarks, in the order the tables list them; {@link #param()}
 * is the value of their {@code impl} parameter.
 */
public enum EventListImpl {
    /** radixwheel's {@code FutureEventList}. */
    FUTURE_EVENT_LIST("FutureEventList"),
    /** {@code java.util.PriorityQueue} of events. */
    PRIORITY_QUEUE("PriorityQueue"),
    /** {@code java.util.TreeSet} of events. */
    TREE_SET("TreeSet"),
    /** A 4-ary heap on (time, priority, scheduling number) in primitive arrays. */
    FOUR_ARY_HEAP("4-aryHeap"),
    /** Brown's calendar queue with resizing. */
    CALENDAR_QUEUE("CalendarQueue");

    /** Every {@link #param()}, in order. */
    public static final String[] PARAMS = {"FutureEventList", "PriorityQueue", "TreeSet", "4-aryHeap", "CalendarQueue"};

    private final String param;

    EventListImpl(String param) {
        this.param = param;
    }

    /** @return the {@code impl} parameter's value and the tables' column header */
    public String param() {
        return param;
    }

    /**
     * @param param a {@link #param()}
     * @return its implementation
     * @throws IllegalArgumentException if there is none
     */
    public static EventListImpl of(String param) {
        for (EventListImpl impl : values()) {
            if (impl.param.equals(param)) {
                return impl;
            }
        }
        throw new IllegalArgumentException("impl: " + param + " (expected one of " + String.join(", ", PARAMS) + ")");
    }

    /**
     * @param capacity the events to allocate room for, where the implementation can
     * @return a new, empty event list at time 0
     */
    public EventListPeer create(int capacity) {
        switch (this) {
            case FUTURE_EVENT_LIST:
                return new FutureEventListPeer(capacity);
            case PRIORITY_QUEUE:
                return new PriorityQueueEventList(capacity);
            case TREE_SET:
                return new TreeSetEventList();
            case FOUR_ARY_HEAP:
                return new FourAryEventHeap(capacity);
            case CALENDAR_QUEUE:
                return new CalendarQueue();
            default:
                throw new AssertionError(this);
        }
    }
}
