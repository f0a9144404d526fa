export {
  GTFS_TIME_ZONE,
  buildGtfsFiles,
  compressService,
  feedInfoFile,
  gtfsTime,
  type GtfsAgency,
  type GtfsCrossing,
  type GtfsFile,
  type GtfsInput,
  type GtfsPort,
  type GtfsSailing,
  type ServiceCalendar,
} from "./gtfs.ts";
