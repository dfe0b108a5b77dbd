// The authorization matrix (../authorization-matrix.test.ts) for town T's back office and the
// fiscal's pages: /m/<municipio>/… and /fiscal/….
import { AREAS, describeMatrix, routeIds } from "./harness";

describeMatrix("back office and fiscal", routeIds.filter(AREAS["back office"]));
