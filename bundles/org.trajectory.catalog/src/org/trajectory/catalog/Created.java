package org.trajectory.catalog;

/**
 * What creating a contribution gave: the object, or why there is none, in words for the user (a class that is
 * missing or of the wrong type, a constructor that failed). Expected failures are values, not exceptions.
 *
 * @since 0.1
 */
public record Created<T>(T value, String error) {

    public static <T> Created<T> of(T value) {
        return new Created<>(value, null);
    }

    public static <T> Created<T> failed(String error) {
        return new Created<>(null, error);
    }

    public boolean ok() {
        return error == null;
    }

    /** The object, or the exception {@code failure} makes of the error. */
    public <E extends Exception> T orElseThrow(java.util.function.Function<String, E> failure) throws E {
        if (error != null) {
            throw failure.apply(error);
        }
        return value;
    }
}
