export { eventCalendarLoader as loader } from '~/doors/events.server'
