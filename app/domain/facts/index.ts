// The fact catalogue and what the rules read from it (issue #20). Browser-safe.
export * from "./catalogue";
export * from "./reads";
export { personAnswers, vehicleAnswers, type PersonField, type VehicleField } from "./answers";
