package io.spinneret.examples;

public final class Main {
    public static void main(String[] args) {
    }
}
