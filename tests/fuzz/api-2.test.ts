// Part 2 of the API fuzzer (see fuzz-suite.ts).
import { defineFuzzSuite } from "./fuzz-suite";

defineFuzzSuite(1, 2);
